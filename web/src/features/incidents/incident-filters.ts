import { ALERT_CATEGORIES, ALERT_TYPES, type AlertCategory } from '@portal/contracts/devices';
import { INCIDENT_STATES, type IncidentState } from '@portal/contracts/incidents';
import { type IncidentAge, type IncidentFilters, isIncidentAge } from '@/shared/api/incidents.ts';

/**
 * The filters of /incidents as URL parameters, so a filtered list can be bookmarked, shared and linked to:
 * `state` (open by default), `category`, `type` (an alert type of that category), `customer` (an
 * organization id), `age` (1h | 24h | 7d | 30d → `since`), `device` (a device id, from a device's history).
 * `incident` names the incident whose timeline is open.
 */
export const FILTER_PARAMS = ['state', 'category', 'type', 'customer', 'age', 'device'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];
export const TIMELINE_PARAM = 'incident';

export interface PageFilters {
  state: IncidentState;
  category: AlertCategory | null;
  type: string | null;
  customer: string | null;
  age: IncidentAge | null;
  device: string | null;
}

const isCategory = (value: string | null): value is AlertCategory =>
  value !== null && (ALERT_CATEGORIES as readonly string[]).includes(value);

/** The alert types of a category, or of every category. */
export function typesOf(category: AlertCategory | null): { category: AlertCategory; type: string }[] {
  return (category ? [category] : ALERT_CATEGORIES).flatMap((c) =>
    ALERT_TYPES[c].map((type) => ({ category: c, type })),
  );
}

/** Unknown values are ignored (the list then shows what it would without them). */
export function parsePageFilters(params: URLSearchParams): PageFilters {
  const state = params.get('state');
  const category = params.get('category');
  const type = params.get('type');
  const age = params.get('age');
  const validCategory = isCategory(category) ? category : null;
  return {
    state: (INCIDENT_STATES as readonly string[]).includes(state ?? '') ? (state as IncidentState) : 'open',
    category: validCategory,
    type: type && typesOf(validCategory).some((option) => option.type === type) ? type : null,
    customer: params.get('customer') || null,
    age: isIncidentAge(age) ? age : null,
    device: params.get('device') || null,
  };
}

/** What the list asks the server for (`GET /companies/incidents`). */
export function toQueryFilters(filters: PageFilters): IncidentFilters {
  return {
    state: filters.state,
    ...(filters.category && { category: filters.category }),
    ...(filters.type && { type: filters.type }),
    ...(filters.customer && { organizationId: filters.customer }),
    ...(filters.device && { deviceId: filters.device }),
    ...(filters.age && { age: filters.age }),
  };
}

/**
 * The URL parameters after some filters changed (null removes one); a category change drops a type of
 * another category. The default state (open) is left out of the URL.
 */
export function withFilters(
  current: URLSearchParams,
  patch: Partial<Record<FilterParam, string | null>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [param, value] of Object.entries(patch)) {
    if (value && !(param === 'state' && value === 'open')) next.set(param, value);
    else next.delete(param);
  }
  if ('category' in patch) {
    const type = next.get('type');
    const category = next.get('category');
    if (type && !typesOf(isCategory(category) ? category : null).some((option) => option.type === type)) {
      next.delete('type');
    }
  }
  return next;
}

/** The URL parameters with every filter but the state removed. */
export function withoutFilters(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const param of FILTER_PARAMS) if (param !== 'state') next.delete(param);
  return next;
}

export const hasFilters = (filters: PageFilters): boolean =>
  Boolean(filters.category || filters.type || filters.customer || filters.age || filters.device);
