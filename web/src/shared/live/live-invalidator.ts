import type { ChangeEvent } from '@portal/contracts/incidents';
import type { Query, QueryClient } from '@tanstack/react-query';
import { concerns, type LiveKind } from './live-meta.ts';

const EVERYTHING: Pick<ChangeEvent, 'kinds' | 'organizationIds'> = {
  kinds: ['devices', 'incidents'],
  organizationIds: [],
};

export interface LiveInvalidatorOptions {
  /** Changes arriving within this time are refetched together. */
  delayMs?: number;
  /** A hidden tab refetches nothing; what changed meanwhile is refetched when it shows again. */
  isHidden?: () => boolean;
}

/**
 * Turns server change events into refetches of the queries tagged `meta.live` that they concern. Events
 * of a short window are merged; a query already fetching is not cancelled (a customer's device list can
 * take seconds and changes may come every second) but refetched once more when that fetch ends.
 */
export function createLiveInvalidator(client: QueryClient, options: LiveInvalidatorOptions = {}) {
  const delayMs = options.delayMs ?? 250;
  const isHidden = options.isHidden ?? (() => typeof document !== 'undefined' && document.hidden);
  let pending: { kinds: Set<LiveKind>; organizationIds: Set<string>; everyOrganization: boolean } | null =
    null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const again = new Set<Query>();

  function add(change: Pick<ChangeEvent, 'kinds' | 'organizationIds'>) {
    pending ??= { kinds: new Set(), organizationIds: new Set(), everyOrganization: false };
    for (const kind of change.kinds) pending.kinds.add(kind);
    if (change.organizationIds.length === 0) pending.everyOrganization = true;
    for (const id of change.organizationIds) pending.organizationIds.add(id);
    timer ??= setTimeout(flush, delayMs);
  }

  function refetch(queries: Set<Query>) {
    if (queries.size === 0) return;
    void client.invalidateQueries({ predicate: (query) => queries.has(query) }, { cancelRefetch: false });
  }

  function flush() {
    timer = undefined;
    if (!pending || isHidden()) return;
    const change = {
      kinds: [...pending.kinds],
      organizationIds: pending.everyOrganization ? [] : [...pending.organizationIds],
    };
    pending = null;
    const now = new Set<Query>();
    for (const query of client.getQueryCache().getAll()) {
      const meta = query.meta?.live;
      if (!meta || !concerns(meta, change)) continue;
      if (query.state.fetchStatus === 'fetching') again.add(query);
      else now.add(query);
    }
    refetch(now);
  }

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !again.has(event.query)) return;
    if (event.query.state.fetchStatus !== 'idle') return;
    again.delete(event.query);
    refetch(new Set([event.query]));
  });

  const onVisibility = () => {
    if (!isHidden() && pending) flush();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);

  return {
    /** A change event from the server. */
    change: (event: Pick<ChangeEvent, 'kinds' | 'organizationIds'>) => add(event),
    /**
     * Refetch the live queries already loaded and not fetching: the stream has just opened after they were
     * read, so a change between their read and the stream's opening would otherwise be missed.
     */
    refreshLoaded: () =>
      refetch(
        new Set(
          client
            .getQueryCache()
            .getAll()
            .filter(
              (query) =>
                query.meta?.live && query.state.status === 'success' && query.state.fetchStatus === 'idle',
            ),
        ),
      ),
    /** Refetch every live query (the fallback poll, a reconnect that may have missed events). */
    refreshAll: () => add(EVERYTHING),
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      unsubscribe();
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
