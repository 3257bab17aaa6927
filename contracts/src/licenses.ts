/** License vocabulary of SPEC §3-§4. */

export const LICENSE_TYPES = ['STD', 'IP_SPEAKER', 'CLOUD_BACKUP'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
/** STD, IP_SPEAKER, CLOUD_BACKUP plus the pseudo-type of devices that have none. */
export const LICENSE_STAT_TYPES = [...LICENSE_TYPES, 'UNLICENSED'] as const;
export type LicenseStatType = (typeof LICENSE_STAT_TYPES)[number];

export const LICENSE_STATES = ['UNLICENSED', 'EXPIRING', 'EXPIRED'] as const;

/** A license expiring within this many days is EXPIRING (SPEC §9). */
export const LICENSE_EXPIRY_WARNING_DAYS = 30;

/** Derives the license type from a catalogue name (SPEC §3 License info: "type derived from the name"). */
export function licenseTypeFromName(name: string): LicenseType {
  const n = name.toLowerCase();
  if (n.includes('speaker')) return 'IP_SPEAKER';
  if (n.includes('storage') || n.includes('backup')) return 'CLOUD_BACKUP';
  return 'STD';
}
