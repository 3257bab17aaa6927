import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.ts';

export interface QueueStat {
  queue: string;
  /** Jobs due and not yet taken by a worker (created or waiting to retry, start time passed). */
  waiting: number;
  /** Jobs a worker holds now. */
  active: number;
  /** Jobs whose start time has not come (timers, retries with backoff, bundles waiting for their window). */
  deferred: number;
  /** Seconds since the oldest waiting job became due; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/**
 * pg-boss's queues as they stand, read from its tables at scrape time (one statement, on the partial index
 * pg-boss keeps of jobs not yet active). Every queue pg-boss knows is listed, idle ones with zeros.
 * Null when the job queue's schema is not there (no process has started it yet).
 */
export async function readQueueStats(db: Kysely<DB>): Promise<QueueStat[] | null> {
  const exists = await sql<{ found: boolean }>`
    select to_regclass('pgboss.queue') is not null as found`.execute(db);
  if (!exists.rows[0]?.found) return null;
  const rows = await sql<{
    queue: string;
    waiting: number;
    active: number;
    deferred: number;
    oldest: number | null;
  }>`
    select q.name as queue,
      count(j.id) filter (where j.state < 'active' and j.start_after <= now())::int as waiting,
      count(j.id) filter (where j.state = 'active')::int as active,
      count(j.id) filter (where j.state < 'active' and j.start_after > now())::int as deferred,
      extract(epoch from now() - min(j.start_after) filter (where j.state < 'active' and j.start_after <= now()))::float8
        as oldest
    from pgboss.queue q
    left join pgboss.job j on j.name = q.name and j.state <= 'active'
    group by q.name
    order by q.name`.execute(db);
  return rows.rows.map((row) => ({
    queue: row.queue,
    waiting: row.waiting,
    active: row.active,
    deferred: row.deferred,
    oldestWaitingSeconds: Math.max(0, row.oldest ?? 0),
  }));
}
