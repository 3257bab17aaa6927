import { prefetchFirstPageQuietly, type RoutePrefetch } from '@/shared/navigation/route-data.ts';
import { partnerPagesQuery } from './api/partners.ts';
import { parseListParams } from './model/list-params.ts';

/** /partners' first page for the URL's search, filters and sort. */
export const prefetchPartners: RoutePrefetch = ({ queryClient, url }) => {
  prefetchFirstPageQuietly(queryClient, partnerPagesQuery(parseListParams(url.searchParams)));
};
