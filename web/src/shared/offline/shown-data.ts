import { type Query, type QueryCache, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { wasAddedOffline } from './added-offline.ts';

/** A query a mounted component reads (has observers). The account is the loaders', never a screen's. */
const shown = (query: Query) => query.getObserversCount() > 0;

/**
 * When the data on screen was last fetched: the oldest `dataUpdatedAt` of the shown queries that hold data
 * (as 'Updated HH:mm:ss' of the live screens), 0 while none does.
 */
export function oldestShownDataAt(cache: QueryCache): number {
  let oldest = 0;
  for (const query of cache.getAll()) {
    const at = query.state.dataUpdatedAt;
    if (shown(query) && query.state.data !== undefined && at > 0 && (oldest === 0 || at < oldest))
      oldest = at;
  }
  return oldest;
}

/**
 * Whether a shown query waits for the network for data this device never had: first asked for offline, no data,
 * paused (a screen never loaded; not a part of a screen that was still loading when the network went).
 */
export function waitsWithoutData(cache: QueryCache): boolean {
  return cache
    .getAll()
    .some(
      (query) =>
        shown(query) &&
        wasAddedOffline(query) &&
        query.state.data === undefined &&
        query.state.fetchStatus === 'paused',
    );
}

function useQueryCacheValue<T>(read: (cache: QueryCache) => T): T {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((notify: () => void) => cache.subscribe(notify), [cache]);
  const snapshot = useCallback(() => read(cache), [cache, read]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export const useOldestShownDataAt = () => useQueryCacheValue(oldestShownDataAt);
export const useWaitsWithoutData = () => useQueryCacheValue(waitsWithoutData);
