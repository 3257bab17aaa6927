import { PARTNER_SORTS, type PartnerSort } from '@portal/contracts/partners';
import { ROLES, type Role } from '@portal/contracts/roles';
import type { PartnerListParams } from '../api/partners.ts';
import type { PartnerColumn } from './csv.ts';

/**
 * The list's search, filters and sort live in the URL (`q`, `role`, `region`, `sort`, `order`), so a
 * filtered list can be bookmarked and the back button returns to it. Unknown values are ignored.
 */
export function parseListParams(params: URLSearchParams): PartnerListParams {
  const role = params.get('role');
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? '',
    role: role && (ROLES as readonly string[]).includes(role) ? (role as Role) : undefined,
    region: params.get('region') || undefined,
    sort: sort && (PARTNER_SORTS as readonly string[]).includes(sort) ? (sort as PartnerSort) : 'name',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** The column a sort orders by (the server sorts; not every column can be sorted). */
export const SORT_OF_COLUMN: Partial<Record<PartnerColumn, PartnerSort>> = {
  name: 'name',
  customers: 'customers',
  devices: 'devices',
  healthyPercent: 'healthyPercent',
  openIncidents: 'openIncidents',
  oldestOpenIncidentAt: 'oldestOpenIncidentAt',
  expired: 'expired',
  expiring30: 'expiring30',
  unlicensedDevices: 'unlicensedDevices',
  licenseStock: 'licenseStock',
};

/** The first click on a column sorts what matters most first: names A→Z, figures largest first. */
export const firstOrderOf = (sort: PartnerSort): 'asc' | 'desc' =>
  sort === 'name' || sort === 'oldestOpenIncidentAt' ? 'asc' : 'desc';
