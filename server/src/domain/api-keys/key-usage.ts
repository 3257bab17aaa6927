import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { writeAudit } from '../audit/audit-log.ts';
import type { ApiKeyCaller } from './key-caller.ts';

interface Pending {
  caller: ApiKeyCaller;
  calls: number;
  lastUsedAt: Date;
  /** Addresses this process has not yet recorded for the key, with the user agent of their first call. */
  addresses: Map<string, string | null>;
}

/** The rate window's length: PARTNER_API_RATE_LIMIT_PER_MINUTE calls in it. */
export const RATE_WINDOW_SECONDS = 60;

/**
 * A key's calls, counted in this process and written to the database about once a second in one statement
 * per key (calls of the UTC day, last used, the shared rate window, new addresses): a write on every call
 * made each call pay a commit on rows every call of that key also locks (bench/README.md, "Partner API").
 * The rate limit adds this process's unwritten calls to the window every process has written, so several
 * processes together exceed it by at most what they take in one flush interval.
 */
export class KeyUsage {
  private pending = new Map<string, Pending>();
  /** Addresses known to be recorded, per key: a second call from one costs no write. */
  private readonly known = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly intervalMs = 1000,
  ) {}

  /** Counts a call; returns this process's calls of the key not yet written. */
  record(caller: ApiKeyCaller, address: string, userAgent: string | null, now: Date): number {
    let entry = this.pending.get(caller.keyId);
    if (!entry) {
      entry = { caller, calls: 0, lastUsedAt: now, addresses: new Map() };
      this.pending.set(caller.keyId, entry);
    }
    entry.calls += 1;
    entry.lastUsedAt = now;
    if (!this.known.get(caller.keyId)?.has(address) && !entry.addresses.has(address))
      entry.addresses.set(address, userAgent);
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
    return entry.calls;
  }

  /** Writes every pending count now (the timer's job; also at close). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.flushing
      .then(() => this.write(batch))
      .catch(() => {
        // The database is away: these counts are lost, the calls themselves were answered.
      });
    return this.flushing;
  }

  private async write(batch: Map<string, Pending>): Promise<void> {
    for (const entry of batch.values()) {
      const { caller, calls, lastUsedAt } = entry;
      const windowStart = new Date(lastUsedAt.getTime() - RATE_WINDOW_SECONDS * 1000);
      const addresses = [...entry.addresses.keys()];
      const { rows } = await sql<{ address: string }>`
        with used as (
          update api_keys set last_used_at = greatest(last_used_at, ${lastUsedAt}) where id = ${caller.keyId}
          returning id
        ),
        today as (
          insert into api_key_usage (key_id, day, calls)
          values (${caller.keyId}, ${lastUsedAt.toISOString().slice(0, 10)}::date, ${calls})
          on conflict (key_id, day) do update set calls = api_key_usage.calls + excluded.calls
          returning calls
        ),
        rate as (
          insert into identity_rate_counters as c (key, window_started_at, count)
          values (${`api-key:${caller.keyId}`}, ${lastUsedAt}, ${calls})
          on conflict (key) do update set
            count = case when c.window_started_at <= ${windowStart} then excluded.count else c.count + excluded.count end,
            window_started_at = case when c.window_started_at <= ${windowStart} then excluded.window_started_at
              else c.window_started_at end
          returning count
        )
        insert into api_key_addresses (key_id, address)
        select ${caller.keyId}, unnest(${addresses}::text[])
        on conflict do nothing
        returning address`.execute(this.db);
      const known = this.known.get(caller.keyId) ?? new Set<string>();
      for (const address of addresses) known.add(address);
      this.known.set(caller.keyId, known);
      for (const { address } of rows) {
        await writeAudit(this.db, {
          actorUserId: null,
          companyId: caller.companyId,
          action: 'api-key.new-address',
          targetType: 'api_key',
          targetId: caller.keyId,
          actor: { type: 'api-key', id: caller.keyId, name: caller.keyName },
          source: { address, userAgent: entry.addresses.get(address) ?? null },
        });
      }
    }
  }
}
