import { AsyncLocalStorage } from 'node:async_hooks';

/** Where a change came from: the client's address (TRUST_PROXY applied) and its user agent. */
export interface AuditSource {
  address: string | null;
  userAgent: string | null;
}

const storage = new AsyncLocalStorage<AuditSource>();

/** Long user agents are cut here: the log records where a change came from, not arbitrary text. */
const MAX_USER_AGENT = 512;

/**
 * Runs `work` with `source` as the origin of every audit entry it writes. The HTTP layer wraps each request
 * in it, so the ~40 places that write an entry need not pass the request along; background jobs have none.
 */
export function withAuditSource<T>(source: AuditSource, work: () => T): T {
  return storage.run(
    { address: source.address, userAgent: source.userAgent?.slice(0, MAX_USER_AGENT) ?? null },
    work,
  );
}

export function currentAuditSource(): AuditSource {
  return storage.getStore() ?? { address: null, userAgent: null };
}
