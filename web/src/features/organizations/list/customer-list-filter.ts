import type { OrganizationListItem } from '@portal/contracts/organizations';

/**
 * What the dashboard's links can ask of the customer list (navigation/customer-links.ts) that the list's
 * summary can answer: customers with expired, expiring or unlicensed items, or with offline or abnormal
 * devices. Narrower selections (license type, retention, window, platform, device kind, one status flag)
 * fall back to the nearest of these, since the list carries only per-customer totals.
 */
export const CUSTOMER_FILTERS = ['expired', 'expiring', 'unlicensed', 'offline', 'abnormal'] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];

const LINK_PARAMS = [
  'license',
  'licenseType',
  'retention',
  'within',
  'platform',
  'device',
  'status',
] as const;

export function parseCustomerFilter(params: URLSearchParams): CustomerFilter | null {
  const license = params.get('license');
  if (license === 'expired' || license === 'expiring' || license === 'unlicensed') return license;
  const status = params.get('status');
  if (status === 'offline') return 'offline';
  if (status || params.get('device') || params.get('platform')) return 'abnormal';
  return null;
}

/** The URL parameters to drop when the filter is cleared. */
export function withoutCustomerFilter(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const param of LINK_PARAMS) next.delete(param);
  return next;
}

export function matchesCustomerFilter(organization: OrganizationListItem, filter: CustomerFilter): boolean {
  switch (filter) {
    case 'expired':
      return organization.license.expired > 0;
    case 'expiring':
      return organization.license.expireSoon > 0;
    case 'unlicensed':
      return organization.license.unlicensed > 0;
    case 'offline':
      return organization.devices.offline > 0;
    case 'abnormal':
      return organization.devices.abnormal > 0;
  }
}
