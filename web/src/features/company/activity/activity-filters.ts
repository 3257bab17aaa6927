import type { AuditQuery } from '@portal/contracts/audit';

/**
 * The Activity screen's filters, kept in the URL (`?action=member&actor=…&since=2026-11-01`), so a filtered
 * view can be bookmarked or sent to a colleague. Dates are days in the viewer's time zone.
 */
export interface ActivityFilters {
  action?: string;
  actor?: string;
  organizationId?: string;
  /** YYYY-MM-DD, inclusive. */
  since?: string;
  until?: string;
}

export const FILTER_PARAMS = ['action', 'actor', 'organizationId', 'since', 'until'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

/** The action groups the filter offers: an action's start, as the API filters by (`member` → member.*). */
export const ACTION_GROUPS = [
  'user.sign-in',
  'user.sign-out',
  'user.password',
  'user.mfa',
  'user.passkey',
  'member',
  'company',
  'organization',
  'remote-access',
  'partner',
  'incident',
  'device',
  'webhook',
  'notifications',
  'api-key',
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^[A-Za-z0-9._-]{1,64}$/;

const validDay = (value: string | null) =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00`)) ? value : undefined;

/** The filters in the URL; a value the API would refuse (a hand-edited link) is left out, not sent. */
export function parseFilters(params: URLSearchParams): ActivityFilters {
  const action = params.get('action');
  const actor = params.get('actor');
  const organizationId = params.get('organizationId');
  const { since, until } = properRange(validDay(params.get('since')), validDay(params.get('until')));
  return {
    ...(action && (ACTION_GROUPS as readonly string[]).includes(action) && { action }),
    ...(actor && ID.test(actor) && { actor }),
    ...(organizationId && UUID.test(organizationId) && { organizationId }),
    ...(since && { since }),
    ...(until && { until }),
  };
}

/**
 * SPEC §5: a time range starts before it ends. A start after the end swaps the two days, keeping both the
 * visitor chose; `adjusted` says so, for the message 'Adjusted to the proper time range…'.
 */
export function properRange(
  since: string | undefined,
  until: string | undefined,
): { since?: string; until?: string; adjusted: boolean } {
  if (since && until && until < since) return { since: until, until: since, adjusted: true };
  return { ...(since && { since }), ...(until && { until }), adjusted: false };
}

export const hasFilters = (filters: ActivityFilters) => Object.keys(filters).length > 0;

/** The URL's parameters with `patch` applied (null or '' removes one); other parameters stay. */
export function withFilters(
  params: URLSearchParams,
  patch: Partial<Record<FilterParam, string | null>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_PARAMS) next.delete(key);
  return next;
}

/** The API's query for the filters: days become the first and last moment of the day, here. */
export function toAuditQuery(filters: ActivityFilters): Omit<AuditQuery, 'cursor' | 'limit' | 'format'> {
  return {
    ...(filters.action && { action: filters.action }),
    ...(filters.actor && { actor: filters.actor }),
    ...(filters.organizationId && { organizationId: filters.organizationId }),
    ...(filters.since && { since: new Date(`${filters.since}T00:00:00`).toISOString() }),
    ...(filters.until && { until: new Date(`${filters.until}T23:59:59.999`).toISOString() }),
  };
}
