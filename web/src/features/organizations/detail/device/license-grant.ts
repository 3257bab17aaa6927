import type { DeviceRow } from './device-row.ts';

export type LicenseGrant = 'granted' | 'notGranted';

/**
 * SPEC §4 'granted / not granted': a device that needs a license is granted while it holds one that has
 * not expired. A device that needs none and holds none gets no grant label.
 */
export function licenseGrant(licenseState: DeviceRow['licenseState']): LicenseGrant | null {
  switch (licenseState) {
    case 'valid':
    case 'expiring':
      return 'granted';
    case 'expired':
    case 'unlicensed':
      return 'notGranted';
    default:
      return null;
  }
}
