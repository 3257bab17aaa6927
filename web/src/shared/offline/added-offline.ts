import { onlineManager, type Query, type QueryCache } from '@tanstack/react-query';

const addedOffline = new WeakSet<Query>();

/**
 * Remembers the queries first asked for while offline: data this device has never had (a screen not opened
 * before), as opposed to a query that existed online and is still loading. Call once per query client.
 */
export function trackQueriesAddedOffline(cache: QueryCache): () => void {
  return cache.subscribe((event) => {
    if (event.type === 'added' && !onlineManager.isOnline()) addedOffline.add(event.query);
  });
}

export const wasAddedOffline = (query: Query): boolean => addedOffline.has(query);
