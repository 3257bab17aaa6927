import {
  type Incident,
  type IncidentDetail,
  type IncidentListQuery,
  type IncidentPage,
  incidentDetailSchema,
  incidentPageSchema,
} from '@portal/contracts/incidents';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { live } from '@/shared/live/live-meta.ts';
import { segment, userPortalApi } from './clients.ts';
import { type IncidentFilters, incidentKeys } from './query-keys.ts';

export type { IncidentFilters } from './query-keys.ts';

/** The age filter of the incidents page: how far back an incident may have started (→ `since`). */
export const INCIDENT_AGES = { '1h': 60, '24h': 24 * 60, '7d': 7 * 24 * 60, '30d': 30 * 24 * 60 } as const;
export type IncidentAge = keyof typeof INCIDENT_AGES;

export const isIncidentAge = (value: string | null | undefined): value is IncidentAge =>
  value != null && Object.hasOwn(INCIDENT_AGES, value);

/** The `since` of an age, counted back from `now`. */
export function sinceOf(age: string | undefined, now: number = Date.now()): string | undefined {
  return isIncidentAge(age) ? new Date(now - INCIDENT_AGES[age] * 60_000).toISOString() : undefined;
}

/** The query string of one page: the filters, `since` for the age, the cursor. */
export function incidentListQuery(
  filters: IncidentFilters,
  page: { since?: string | undefined; cursor?: string | undefined; limit?: number },
): IncidentListQuery {
  return {
    state: filters.state,
    ...(filters.category && { category: filters.category as IncidentListQuery['category'] }),
    ...(filters.type && { type: filters.type }),
    ...(filters.organizationId && { organizationId: filters.organizationId }),
    ...(filters.deviceId && { deviceId: filters.deviceId }),
    ...(page.since && { since: page.since }),
    ...(page.cursor && { cursor: page.cursor }),
    ...(page.limit && { limit: page.limit }),
  };
}

/** GET /companies/incidents: one page, newest first. */
export async function getIncidentPage(query: IncidentListQuery, signal?: AbortSignal): Promise<IncidentPage> {
  return incidentPageSchema.parse(
    await userPortalApi('/companies/incidents', {
      query: query as Record<string, string | number | undefined>,
      signal,
    }),
  );
}

/** GET /companies/incidents/{id}: one incident and its timeline, oldest event first. */
export async function getIncidentDetail(id: string, signal?: AbortSignal): Promise<IncidentDetail> {
  return incidentDetailSchema.parse(await userPortalApi(`/companies/incidents/${segment(id)}`, { signal }));
}

/** One page and the `since` its list started with, so later pages keep the same lower bound. */
export interface LoadedIncidentPage extends IncidentPage {
  since: string | undefined;
}
type PageParam = { cursor: string; since: string | undefined } | null;

const liveIncidents = (filters: IncidentFilters) => live(['incidents'], filters.organizationId);

/** The incidents matching the filters, page after page ("Load more" follows `next_cursor`). */
export const incidentPagesQuery = (filters: IncidentFilters, limit = 50) =>
  infiniteQueryOptions({
    queryKey: incidentKeys.pages(filters),
    queryFn: async ({ pageParam, signal }): Promise<LoadedIncidentPage> => {
      const since = pageParam ? pageParam.since : sinceOf(filters.age);
      const page = await getIncidentPage(
        incidentListQuery(filters, { since, cursor: pageParam?.cursor, limit }),
        signal,
      );
      return { ...page, since };
    },
    initialPageParam: null as PageParam,
    getNextPageParam: (last): PageParam | undefined =>
      last.next_cursor ? { cursor: last.next_cursor, since: last.since } : undefined,
    meta: { live: liveIncidents(filters) },
  });

/** At most this many pages of 200 are followed for one list (10,000 incidents). */
const MAX_PAGES = 50;

/** Every incident matching the filters, the cursor followed to its end (e.g. a customer's open incidents). */
export const everyIncidentQuery = (filters: IncidentFilters) =>
  queryOptions({
    queryKey: incidentKeys.every(filters),
    queryFn: async ({ signal }): Promise<Incident[]> => {
      const since = sinceOf(filters.age);
      const items: Incident[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const answer = await getIncidentPage(
          incidentListQuery(filters, { since, cursor, limit: 200 }),
          signal,
        );
        items.push(...answer.items);
        if (!answer.next_cursor) break;
        cursor = answer.next_cursor;
      }
      return items;
    },
    meta: { live: liveIncidents(filters) },
  });

export const incidentDetailQuery = (id: string, organizationId?: string) =>
  queryOptions({
    queryKey: incidentKeys.detail(id),
    queryFn: ({ signal }) => getIncidentDetail(id, signal),
    meta: { live: live(['incidents'], organizationId) },
  });

/** Puts an incident the server answered (an acknowledge) into every cached list and detail holding it. */
export function replaceCachedIncident(
  client: import('@tanstack/react-query').QueryClient,
  incident: Incident,
): void {
  const replace = (item: Incident) => (item.id === incident.id ? { ...item, ...incident } : item);
  client.setQueriesData<{ pages: LoadedIncidentPage[]; pageParams: unknown[] }>(
    { queryKey: [...incidentKeys.all, 'pages'] },
    (data) =>
      data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(replace) })) },
  );
  client.setQueriesData<Incident[]>({ queryKey: [...incidentKeys.all, 'every'] }, (data) =>
    data?.map(replace),
  );
  client.setQueryData<IncidentDetail>(
    incidentKeys.detail(incident.id),
    (data) => data && { ...data, ...incident },
  );
}

/** Sets `mutedUntil` on every cached incident of a device (a mute or unmute). */
export function setCachedDeviceMute(
  client: import('@tanstack/react-query').QueryClient,
  deviceId: string,
  mutedUntil: string | null,
): void {
  const update = (item: Incident) => (item.deviceId === deviceId ? { ...item, mutedUntil } : item);
  client.setQueriesData<{ pages: LoadedIncidentPage[]; pageParams: unknown[] }>(
    { queryKey: [...incidentKeys.all, 'pages'] },
    (data) =>
      data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(update) })) },
  );
  client.setQueriesData<Incident[]>({ queryKey: [...incidentKeys.all, 'every'] }, (data) =>
    data?.map(update),
  );
  client.setQueriesData<IncidentDetail>(
    { queryKey: [...incidentKeys.all, 'detail'] },
    (data) => data && (data.deviceId === deviceId ? { ...data, mutedUntil } : data),
  );
}
