import type {
  FetchInfiniteQueryOptions,
  FetchQueryOptions,
  QueryClient,
  QueryKey,
} from '@tanstack/react-query';
import type { Params } from 'react-router';

/** What a route's data prefetch gets: the query client, the route's path parameters and its URL. */
export interface RouteDataContext {
  queryClient: QueryClient;
  params: Params;
  url: URL;
}

/**
 * Starts the reads a route's page makes first (issue 24 item 3), from the route's loader, so that they run
 * beside the download of the page's code instead of after it. It does not wait for them: the page renders
 * its skeletons, and its own queries (same keys) pick the answers up.
 */
export type RoutePrefetch = (context: RouteDataContext) => void;

/**
 * A page's query started early. Quiet: the page decides how a failure shows (its own queries toast or show
 * an error state once mounted); a prefetch that fails is simply retried by them.
 */
export function prefetchQuietly<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): void {
  void queryClient.prefetchQuery({ ...options, meta: { ...options.meta, hideNotification: true } });
}

/** The same for a list read page by page: its first page. */
export function prefetchFirstPageQuietly<T, K extends QueryKey, P>(
  queryClient: QueryClient,
  options: FetchInfiniteQueryOptions<T, Error, T, K, P>,
): void {
  void queryClient.prefetchInfiniteQuery({ ...options, meta: { ...options.meta, hideNotification: true } });
}
