import type { LicenseStatType } from '@portal/contracts/licenses';
import type { LicenseStatistics } from '@portal/contracts/organizations';

export interface LicenseGroupLine {
  /** Storage licenses only: retention days. */
  retention: number | null;
  quantity: number;
  expirationDate: string | null;
}

export interface LicenseGroup {
  type: LicenseStatType;
  quantity: number;
  /** The earliest expiration date; null for devices without license. */
  expirationDate: string | null;
  lines: LicenseGroupLine[];
}

/** The order of the license tab (SPEC §3 License types): xPro, Storage, Speaker, Without license. */
export const LICENSE_GROUP_ORDER = ['STD', 'CLOUD_BACKUP', 'IP_SPEAKER', 'UNLICENSED'] as const;

/**
 * One group per license type, every type shown even at zero, lines sorted by retention then date;
 * 'Without license' counts the devices holding none.
 */
export function groupLicenseStatistics(statistics: LicenseStatistics): LicenseGroup[] {
  return LICENSE_GROUP_ORDER.map((type): LicenseGroup => {
    if (type === 'UNLICENSED') {
      return { type, quantity: statistics.unlicensed.quantity, expirationDate: null, lines: [] };
    }
    const items = statistics.items.filter((item) => item.type === type);
    const lines = items
      .flatMap((item) => item.items)
      .map((line) => ({ ...line }))
      .sort(
        (a, b) => (a.retention ?? 0) - (b.retention ?? 0) || a.expirationDate.localeCompare(b.expirationDate),
      );
    const dates = items.map((item) => item.expirationDate).sort();
    return {
      type,
      quantity: items.reduce((sum, item) => sum + item.quantity, 0),
      expirationDate: dates[0] ?? null,
      lines,
    };
  });
}
