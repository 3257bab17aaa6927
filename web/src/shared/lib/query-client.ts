import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { LiveMeta } from '@/shared/live/live-meta.ts';
import { trackQueriesAddedOffline } from '@/shared/offline/added-offline.ts';
import { startFromBrowserOnlineState } from '@/shared/offline/use-online.ts';
import { reportError } from './report-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `live`: the query shows device state or incidents, refetched on a server change (shared/live). */
    queryMeta: { hideNotification?: boolean; live?: LiveMeta };
    mutationMeta: { hideNotification?: boolean };
  }
}

/**
 * Errors of queries and mutations reach the global toast policy here, with two exceptions:
 * a failed background refetch keeps the data on screen quietly, and a mutation with its own
 * onError handles its errors itself.
 */
export function createQueryClient(report: (error: unknown) => void = reportError): QueryClient {
  startFromBrowserOnlineState();
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.hideNotification) return;
        if (query.state.data !== undefined) return;
        report(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.hideNotification || mutation.options.onError) return;
        report(error);
      },
    }),
    defaultOptions: {
      // A screen seen in the last half hour opens offline with its data (issue 24 point 7; TanStack's default
      // keeps unused data 5 minutes).
      queries: { staleTime: 30_000, gcTime: 30 * 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
  trackQueriesAddedOffline(client.getQueryCache());
  return client;
}
