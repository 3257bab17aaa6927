import type { DeviceCategory, DeviceType, Platform } from '@portal/contracts/devices';
import { LICENSE_EXPIRY_WARNING_DAYS } from '@portal/contracts/licenses';

export type DeviceLicenseState = 'valid' | 'expiring' | 'expired' | 'unlicensed';

/**
 * The devices that need a license (contracts/src/statistics.ts, as the server counts "unlicensed"):
 * first-platform cameras (CAMERA, FISH_EYE, PTZ) and IP speakers.
 */
export function isLicensable(device: {
  platform: Platform;
  category: DeviceCategory | null;
  type: DeviceType;
}): boolean {
  return (
    device.platform === 'first' &&
    (device.type === 'IP_SPEAKER' || (device.category !== null && device.category !== 'SERVER'))
  );
}

/** Days from `today` to `isoDate` (both calendar dates, compared in UTC). */
export function daysUntil(isoDate: string, today: string): number {
  return Math.round(
    (Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
}

/**
 * SPEC §4 license states of one device: none held → unlicensed; any past its date → expired; any within
 * 30 days → expiring; otherwise valid. `today` is 'YYYY-MM-DD'.
 */
export function deviceLicenseState(expirationDates: readonly string[], today: string): DeviceLicenseState {
  if (expirationDates.length === 0) return 'unlicensed';
  const days = expirationDates.map((date) => daysUntil(date, today));
  if (days.some((d) => d < 0)) return 'expired';
  if (days.some((d) => d <= LICENSE_EXPIRY_WARNING_DAYS)) return 'expiring';
  return 'valid';
}

/** Today's calendar date in UTC, as the server computes license states. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
