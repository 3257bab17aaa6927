import {
  DEVICE_CATEGORIES,
  DEVICE_STATES,
  DEVICE_TYPES,
  type DeviceCategory,
  type DeviceState,
  type DeviceType,
  PLATFORMS,
  type Platform,
  STATUS_FLAGS,
  type StatusFlag,
} from '@portal/contracts/devices';
import type { DeviceRow } from './device-row.ts';

export const HEALTH_FILTERS = ['online', 'offline', 'healthy', 'abnormal'] as const;
/** The status filter: a health label of SPEC §4 or one status flag (SPEC §3). */
export type StatusFilter = (typeof HEALTH_FILTERS)[number] | StatusFlag;
export const STATUS_FILTERS: readonly StatusFilter[] = [
  ...HEALTH_FILTERS,
  ...STATUS_FLAGS.filter((flag) => flag !== 'offline'),
];

export const LICENSE_FILTERS = ['licensed', 'unlicensed', 'expiring', 'expired'] as const;
export type LicenseFilter = (typeof LICENSE_FILTERS)[number];

/** Device kinds the dashboard links to (navigation/customer-links.ts): cameras span three categories. */
export const DEVICE_KINDS = ['camera', 'server', 'ipSpeaker'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/**
 * The device tab's search and filters. They live in the URL (`?q=&type=&category=&state=&status=&license=&site=`,
 * plus `platform` and `device` from the dashboard's links) so a reload keeps them and the dashboard can link to
 * a filtered list, e.g. `…/device?status=offline`.
 */
export interface DeviceFilters {
  q: string;
  type: DeviceType | null;
  category: DeviceCategory | null;
  state: DeviceState | null;
  status: StatusFilter | null;
  license: LicenseFilter | null;
  site: string | null;
  platform: Platform | null;
  device: DeviceKind | null;
}

export const FILTER_PARAMS = [
  'q',
  'type',
  'category',
  'state',
  'status',
  'license',
  'site',
  'platform',
  'device',
] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** Unknown values are ignored rather than matching nothing. */
export function parseDeviceFilters(params: URLSearchParams): DeviceFilters {
  return {
    q: params.get('q')?.trim() ?? '',
    type: oneOf(DEVICE_TYPES, params.get('type')),
    category: oneOf(DEVICE_CATEGORIES, params.get('category')),
    state: oneOf(DEVICE_STATES, params.get('state')),
    status: oneOf(STATUS_FILTERS, params.get('status')),
    license: oneOf(LICENSE_FILTERS, params.get('license')),
    site: params.get('site') || null,
    platform: oneOf(PLATFORMS, params.get('platform')),
    device: oneOf(DEVICE_KINDS, params.get('device')),
  };
}

export function hasActiveFilters(filters: DeviceFilters): boolean {
  return FILTER_PARAMS.some((param) => Boolean(filters[param]));
}

function matchesStatus(row: DeviceRow, status: StatusFilter): boolean {
  switch (status) {
    case 'online':
      return row.online;
    case 'offline':
      return !row.online;
    case 'healthy':
      return !row.abnormal;
    case 'abnormal':
      return row.abnormal;
    default:
      return row.flags.includes(status);
  }
}

function matchesKind(row: DeviceRow, kind: DeviceKind): boolean {
  if (kind === 'ipSpeaker') return row.type === 'IP_SPEAKER';
  if (kind === 'server') return row.category === 'SERVER';
  return row.category !== null && row.category !== 'SERVER';
}

function matchesLicense(row: DeviceRow, license: LicenseFilter): boolean {
  if (license === 'licensed') return row.licenses.length > 0;
  return row.licenseState === license;
}

/** A predicate for the filters; the search matches name, model, server, IP and MAC, case-insensitively. */
export function deviceMatcher(filters: DeviceFilters): (row: DeviceRow) => boolean {
  const q = filters.q.toLowerCase();
  return (row) =>
    (q === '' || row.searchText.includes(q)) &&
    (filters.type === null || row.type === filters.type) &&
    (filters.category === null || row.category === filters.category) &&
    (filters.state === null || row.state === filters.state) &&
    (filters.status === null || matchesStatus(row, filters.status)) &&
    (filters.license === null || matchesLicense(row, filters.license)) &&
    (filters.site === null || row.siteId === filters.site) &&
    (filters.platform === null || row.platform === filters.platform) &&
    (filters.device === null || matchesKind(row, filters.device));
}

export function filterDevices(rows: readonly DeviceRow[], filters: DeviceFilters): readonly DeviceRow[] {
  if (!hasActiveFilters(filters)) return rows;
  return rows.filter(deviceMatcher(filters));
}
