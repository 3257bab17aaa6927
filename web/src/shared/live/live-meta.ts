import type { ChangeEvent } from '@portal/contracts/incidents';

/** What a server change event says changed (`changeEventSchema.kinds`). */
export type LiveKind = ChangeEvent['kinds'][number];

/**
 * A query's `meta.live`: it shows data of these kinds, for one customer or (no `organizationId`) for every
 * customer of the dealer. The live updates (`use-live-updates.ts`) refetch exactly the queries a change
 * event concerns; a feature opts in by tagging its query, so `shared/` never needs to know its keys.
 */
export interface LiveMeta {
  kinds: readonly LiveKind[];
  organizationId?: string;
}

/** `meta: { live: live(['devices'], orgId) }` */
export function live(kinds: readonly LiveKind[], organizationId?: string): LiveMeta {
  return organizationId === undefined ? { kinds } : { kinds, organizationId };
}

/** A change concerns a query when a kind matches and, for one customer's query, that customer changed. */
export function concerns(meta: LiveMeta, change: Pick<ChangeEvent, 'kinds' | 'organizationIds'>): boolean {
  if (!meta.kinds.some((kind) => change.kinds.includes(kind))) return false;
  if (meta.organizationId === undefined || change.organizationIds.length === 0) return true;
  return change.organizationIds.includes(meta.organizationId);
}
