import type { OrganizationListItem } from '@portal/contracts/organizations';
import type { CustomerMatches } from '@portal/contracts/statistics';
import { customerDevicesUrl } from '@/shared/navigation/customer-links.ts';

export interface AttentionRow {
  id: string;
  name: string;
  /** Devices with a license past its date. */
  expired: number;
  /** Devices with no license past its date and one ending within 30 days. */
  expireSoon: number;
  /** Devices that need a license and hold none. */
  unlicensed: number;
  links: { expired: string; expireSoon: string; unlicensed: string };
}

export type AttentionMatches = Record<'expired' | 'expireSoon' | 'unlicensed', CustomerMatches>;

/**
 * Customers with devices whose license expired, expires within 30 days or is missing, the most urgent
 * first (expired, then expiring, then unlicensed; then by name). The counts are devices in each SPEC §4
 * license state, as the server counts them for the device tab's license filter, so each count opens the
 * customer's device tab filtered to exactly those devices.
 */
export function customersNeedingAttention(
  customers: readonly OrganizationListItem[],
  matches: AttentionMatches,
): AttentionRow[] {
  const counts = (column: keyof AttentionMatches) =>
    new Map(matches[column].items.map((item) => [item.organizationId, item.count]));
  const expired = counts('expired');
  const expireSoon = counts('expireSoon');
  const unlicensed = counts('unlicensed');
  return customers
    .map(({ id, name }) => ({
      id,
      name,
      expired: expired.get(id) ?? 0,
      expireSoon: expireSoon.get(id) ?? 0,
      unlicensed: unlicensed.get(id) ?? 0,
      links: {
        expired: customerDevicesUrl(id, { license: 'expired' }),
        expireSoon: customerDevicesUrl(id, { license: 'expiring' }),
        unlicensed: customerDevicesUrl(id, { license: 'unlicensed' }),
      },
    }))
    .filter((row) => row.expired > 0 || row.expireSoon > 0 || row.unlicensed > 0)
    .sort(
      (a, b) =>
        b.expired - a.expired ||
        b.expireSoon - a.expireSoon ||
        b.unlicensed - a.unlicensed ||
        a.name.localeCompare(b.name),
    );
}
