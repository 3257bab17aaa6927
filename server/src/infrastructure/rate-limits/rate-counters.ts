import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.ts';

/**
 * Fixed-window counters in the database, so every server process sees the same counts.
 * `hit` counts one event and returns the count within the current window.
 */
export async function hitCounter(
  db: Kysely<DB>,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const row = await sql<{ count: number }>`
    insert into identity_rate_counters as c (key, window_started_at, count) values (${key}, ${now}, 1)
    on conflict (key) do update set
      count = case when c.window_started_at <= ${windowStart} then 1 else c.count + 1 end,
      window_started_at = case when c.window_started_at <= ${windowStart} then ${now} else c.window_started_at end
    returning count`.execute(db);
  // Counters of idle keys are useless after a day; an occasional sweep keeps the table small.
  if (Math.random() < 0.01) {
    await db
      .deleteFrom('identity_rate_counters')
      .where('window_started_at', '<', new Date(now.getTime() - 24 * 3600 * 1000))
      .execute();
  }
  return Number(row.rows[0]?.count ?? 0);
}

/** The count within the current window, without counting. */
export async function peekCounter(
  db: Kysely<DB>,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('identity_rate_counters')
    .select('count')
    .where('key', '=', key)
    .where('window_started_at', '>', new Date(now.getTime() - windowSeconds * 1000))
    .executeTakeFirst();
  return row?.count ?? 0;
}
