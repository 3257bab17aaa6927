import { type Query, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * When the live data on screen was last fetched: the oldest `dataUpdatedAt` of the live queries (tagged
 * `meta.live`) that are shown (have observers) and hold data, only one customer's when `organizationId` is
 * given. 0 while none has data. Follows every refetch.
 */
export function useLiveUpdatedAt(organizationId?: string): number {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const subscribe = useCallback((notify: () => void) => cache.subscribe(notify), [cache]);
  const snapshot = useCallback(() => {
    let oldest = 0;
    for (const query of cache.getAll()) {
      if (!shownLive(query, organizationId)) continue;
      const at = query.state.dataUpdatedAt;
      if (at > 0 && (oldest === 0 || at < oldest)) oldest = at;
    }
    return oldest;
  }, [cache, organizationId]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function shownLive(query: Query, organizationId: string | undefined): boolean {
  const meta = query.meta?.live;
  if (!meta || query.getObserversCount() === 0) return false;
  return organizationId === undefined || meta.organizationId === organizationId;
}
