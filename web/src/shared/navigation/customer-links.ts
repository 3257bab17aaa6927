import type { LicenseType } from '@portal/contracts/licenses';
import { pathTo, ROUTE } from './route-names.ts';

/**
 * URLs of the customer list and of a customer's device tab filtered to a set of items, so that every
 * number on the dashboard leads to exactly what it counts. The parameter names are the contract between
 * the dashboard (which builds these URLs) and the customer pages (which read them).
 *
 * Incidents (`/incidents?…`): `state`, `category`, `type`, `customer`, `age`, `device` (features/incidents).
 *
 * Device tab (`/account/{orgId}/device?…`): `q`, `type`, `category`, `state`, `status`, `license`, `site`
 * as the device tab already reads them, plus `platform` and `device` (a device kind: cameras are three
 * categories, so `category` alone cannot say "every camera").
 *
 * Customer list (`/account?…`): customers having at least one matching item, with how many each holds
 * (the server's GET /companies/statistics/customers, contracts `customerSelectionSchema`, counts them with
 * the dashboard's own definitions, so the list adds up to the number that linked to it) —
 * `license` (active | expired | expiring | unlicensed) with optional `licenseType`, `retention` (days;
 * absent: none) and `within` (30 | 60 | 90 days, for expiring); `incident` (open incidents: 'ALL', a
 * category or 'CATEGORY.ALERT_TYPE'); `sites=all`; or `platform`, `device` and `status` for devices.
 */

export type DeviceKind = 'camera' | 'server' | 'ipSpeaker';
export type DevicePlatform = 'first' | 'second';
/** A health label of SPEC §4 or a status flag of SPEC §3 (`recording`: the camera state). */
export type DeviceStatusParam =
  | 'online'
  | 'offline'
  | 'healthy'
  | 'abnormal'
  | 'recording'
  | 'recordFailed'
  | 'firmwareUpdatedFailed'
  | 'smartError'
  | 'diskFailed'
  | 'serverCPUHigh'
  | 'serverMemoryHigh'
  | 'serverLoginFailed'
  | 'networkHigh'
  | 'networkSessionHigh';
export type LicenseStateParam = 'expired' | 'expiring' | 'unlicensed';
/** The customer list also selects active (not expired) licenses; the device tab does not. */
export type LicenseSelectionParam = LicenseStateParam | 'active';
export type MaturityWindow = 30 | 60 | 90;

export interface DeviceSelection {
  platform?: DevicePlatform;
  device?: DeviceKind;
  status?: DeviceStatusParam;
}

export interface LicenseSelection {
  license: LicenseSelectionParam;
  licenseType?: LicenseType;
  retention?: number | null;
  within?: MaturityWindow;
}

export interface IncidentSelection {
  /** Open incidents: 'CATEGORY.ALERT_TYPE' of SPEC §4 (e.g. 'CAMERA.OFFLINE'), a category, or 'ALL'. */
  incident: string;
}

export type CustomerListFilter = DeviceSelection | LicenseSelection | IncidentSelection | { sites: 'all' };

type Params = Record<string, string | number | null | undefined>;

function withQuery(path: string, params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** `/account?…`: the customers having at least one of the selected items. */
export function customerListUrl(filter: CustomerListFilter = {}): string {
  return withQuery(pathTo(ROUTE.ORGANIZATION), { ...filter });
}

/** `/account/{orgId}/overview`: one customer. */
export function customerUrl(orgId: string): string {
  return pathTo(ROUTE.ORGANIZATION_DETAIL_OVERVIEW, { orgId });
}

/** `/account/{orgId}/device?…`: that customer's devices, filtered (`q`: the device tab's search text). */
export function customerDevicesUrl(
  orgId: string,
  filter: DeviceSelection & { license?: LicenseStateParam; q?: string } = {},
): string {
  // A state the device tab already filters by: recording is a device state, not a status flag.
  const { status, ...rest } = filter;
  const params: Params =
    status === 'recording' ? { ...rest, state: 'RECORDING' } : { ...rest, ...(status ? { status } : {}) };
  return withQuery(pathTo(ROUTE.ORGANIZATION_DETAIL_DEVICE, { orgId }), params);
}

/** `/incidents?…`: the incidents page, filtered (e.g. every incident of one device). */
export function incidentsUrl(
  filter: { state?: 'open' | 'resolved' | 'all'; customer?: string; device?: string } = {},
): string {
  return withQuery(pathTo(ROUTE.INCIDENTS), { ...filter });
}
