import { type CustomerSelection, customerSelectionSchema } from '@portal/contracts/statistics';

/**
 * What the dashboard's links ask of the customer list (navigation/customer-links.ts): the customers
 * holding at least one of the items a dashboard number counts. The server answers with each customer's
 * count (GET /companies/statistics/customers), using the dashboard's own definitions, so the filtered list
 * adds up to exactly the number that was clicked.
 */
const LINK_PARAMS = [
  'license',
  'licenseType',
  'retention',
  'within',
  'platform',
  'device',
  'status',
  'incident',
  'deviceLicense',
  'sites',
] as const;

/** The selection in the URL; null when there is none (or it is not one the server can count). */
export function parseCustomerSelection(params: URLSearchParams): CustomerSelection | null {
  const present = Object.fromEntries(
    LINK_PARAMS.flatMap((param) => {
      const value = params.get(param);
      return value ? [[param, value]] : [];
    }),
  );
  if (Object.keys(present).length === 0) return null;
  const parsed = customerSelectionSchema.safeParse(present);
  return parsed.success ? parsed.data : null;
}

/** The query string of a selection, in a stable order (the cache key and the request). */
export function selectionQuery(selection: CustomerSelection): string {
  const search = new URLSearchParams();
  for (const param of LINK_PARAMS) {
    const value = selection[param];
    if (value !== undefined) search.set(param, String(value));
  }
  return search.toString();
}

/** The URL parameters to drop when the filter is cleared. */
export function withoutCustomerFilter(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const param of LINK_PARAMS) next.delete(param);
  return next;
}

export type SelectionLabel =
  | 'expired'
  | 'expiring'
  | 'unlicensed'
  | 'offline'
  | 'abnormal'
  | 'devices'
  | 'licenses'
  | 'incidents'
  | 'sites';

/** Which chip label (`customers.list.filters.<label>`) describes the selection. */
export function selectionLabel(selection: CustomerSelection): SelectionLabel {
  if (selection.incident) return 'incidents';
  if (selection.sites) return 'sites';
  if (selection.deviceLicense) return 'devices';
  if (selection.license === 'unlicensed') return 'unlicensed';
  if (selection.license === 'active') return 'licenses';
  if (selection.license) {
    const narrowed = selection.licenseType !== undefined || (selection.within ?? 30) !== 30;
    return narrowed ? 'licenses' : selection.license;
  }
  const allDevices = !selection.platform && !selection.device;
  if (allDevices && (selection.status === 'offline' || selection.status === 'abnormal'))
    return selection.status;
  return 'devices';
}
