import {
  type Partner,
  type PartnerListQuery,
  type PartnerPage,
  type PartnerScorecard,
  type PartnerSort,
  partnerPageSchema,
  partnerScorecardSchema,
} from '@portal/contracts/partners';
import type { Role } from '@portal/contracts/roles';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { resellerApi, segment } from '@/shared/api/clients.ts';

/** What the partner list asks the server for (the URL's search, filters and sort). */
export interface PartnerListParams {
  q: string;
  role: Role | undefined;
  region: string | undefined;
  sort: PartnerSort;
  order: 'asc' | 'desc';
}

export const PARTNER_PAGE_SIZE = 50;

export const partnerKeys = {
  all: ['partners'] as const,
  list: (params: PartnerListParams) => [...partnerKeys.all, 'list', params] as const,
  dealerMap: (params: Pick<PartnerListParams, 'q' | 'region'>) =>
    [...partnerKeys.all, 'dealer-map', params] as const,
  scorecard: (companyId: string) => [...partnerKeys.all, 'scorecard', companyId] as const,
};

/** The query string of one page: empty search and filters are left out. */
export function partnerListQuery(params: PartnerListParams, cursor?: string, limit = PARTNER_PAGE_SIZE) {
  const query: PartnerListQuery = { sort: params.sort, order: params.order, limit };
  if (params.q.trim()) query.q = params.q.trim();
  if (params.role) query.role = params.role;
  if (params.region) query.region = params.region;
  if (cursor) query.cursor = cursor;
  return query;
}

/** GET /v1/partners: one page of the companies below the caller's (session token). */
export async function getPartnerPage(
  params: PartnerListParams,
  cursor: string | undefined,
  signal?: AbortSignal,
  limit = PARTNER_PAGE_SIZE,
): Promise<PartnerPage> {
  const query = partnerListQuery(params, cursor, limit) as Record<string, string | number | undefined>;
  return partnerPageSchema.parse(await resellerApi('/v1/partners', { query, signal }));
}

export const partnerPagesQuery = (params: PartnerListParams) =>
  infiniteQueryOptions({
    queryKey: partnerKeys.list(params),
    queryFn: ({ pageParam, signal }) => getPartnerPage(params, pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const usePartnerPages = (params: PartnerListParams) => useInfiniteQuery(partnerPagesQuery(params));

/** The map asks for at most this many pages of 500 dealers. */
const DEALER_MAP_MAX_PAGES = 20;

/**
 * Every dealer below the caller's company matching the search and region (the map of dealers shows them
 * all, not a page): follows the cursor, at most DEALER_MAP_MAX_PAGES pages of 500.
 */
export async function getDealersForMap(
  params: Pick<PartnerListParams, 'q' | 'region'>,
  signal?: AbortSignal,
): Promise<Partner[]> {
  const query: PartnerListParams = { ...params, role: 'dealer', sort: 'name', order: 'asc' };
  const dealers: Partner[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < DEALER_MAP_MAX_PAGES; page += 1) {
    const answer = await getPartnerPage(query, cursor, signal, 500);
    dealers.push(...answer.items);
    if (!answer.next_cursor) break;
    cursor = answer.next_cursor;
  }
  return dealers;
}

export const useDealersForMap = (params: Pick<PartnerListParams, 'q' | 'region'>, enabled: boolean) =>
  useQuery({
    queryKey: partnerKeys.dealerMap({ q: params.q.trim(), region: params.region }),
    queryFn: ({ signal }) => getDealersForMap(params, signal),
    enabled,
  });

/** GET /v1/partners/{companyId}: one partner's figures, by category and by customer. */
export async function getPartnerScorecard(
  companyId: string,
  signal?: AbortSignal,
): Promise<PartnerScorecard> {
  return partnerScorecardSchema.parse(await resellerApi(`/v1/partners/${segment(companyId)}`, { signal }));
}

export const partnerScorecardQuery = (companyId: string) =>
  queryOptions({
    queryKey: partnerKeys.scorecard(companyId),
    queryFn: ({ signal }) => getPartnerScorecard(companyId, signal),
  });

export const usePartnerScorecard = (companyId: string, options: { hideNotification?: boolean } = {}) =>
  useQuery({
    ...partnerScorecardQuery(companyId),
    ...(options.hideNotification ? { meta: { hideNotification: true } } : {}),
  });
