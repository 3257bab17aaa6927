import type { OrganizationListItem } from '@portal/contracts/organizations';
import { customerDevicesUrl } from '../../../navigation/customer-links.ts';

export interface AttentionRow {
  id: string;
  name: string;
  expired: number;
  expireSoon: number;
  unlicensed: number;
  links: { expired: string; expireSoon: string; unlicensed: string };
}

/**
 * Customers with expired licenses, licenses expiring within 30 days or unlicensed devices, the most
 * urgent first (expired, then expiring, then unlicensed; then by name). Each count opens the customer's
 * device tab filtered to those devices.
 */
export function customersNeedingAttention(customers: readonly OrganizationListItem[]): AttentionRow[] {
  return customers
    .filter(({ license }) => license.expired > 0 || license.expireSoon > 0 || license.unlicensed > 0)
    .map(({ id, name, license }) => ({
      id,
      name,
      expired: license.expired,
      expireSoon: license.expireSoon,
      unlicensed: license.unlicensed,
      links: {
        expired: customerDevicesUrl(id, { license: 'expired' }),
        expireSoon: customerDevicesUrl(id, { license: 'expiring' }),
        unlicensed: customerDevicesUrl(id, { license: 'unlicensed' }),
      },
    }))
    .sort(
      (a, b) =>
        b.expired - a.expired ||
        b.expireSoon - a.expireSoon ||
        b.unlicensed - a.unlicensed ||
        a.name.localeCompare(b.name),
    );
}
