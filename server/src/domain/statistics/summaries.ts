import { type Kysely, sql } from 'kysely';
import { col, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { DEVICE_COUNT_NAMES } from './device-counts.ts';

/**
 * Reading the summary tables of migration 0005 (device_summary, license_summary, incident_summary), which
 * triggers keep true in the transaction of every device, license and incident write. Statistics read
 * these few rows per customer instead of aggregating the customers' devices and licenses.
 */

/** `sum(s.<column>)` of every device number (device-counts.ts names), over `device_summary s`. */
export const summedDeviceCounts = sql.join(
  DEVICE_COUNT_NAMES.map((name) => sql`coalesce(sum(${sql.ref(`s.${name}`)}), 0)::int as ${sql.id(name)}`),
);

/** Every device number of one device_summary row `s` (one customer and platform), under its own name. */
export const deviceCountsOfRow = sql.join(DEVICE_COUNT_NAMES.map((name) => sql.ref(`s.${name}`)));

/** The rows of one company's customers, over an alias `s` (device_summary, license_summary, services). */
export const ofCompany = (companyId: string) =>
  sql`s.organization_id in (select o.id from organizations o where o.company_id = ${companyId})`;

/** The licenses of one company's customers, over `licenses l`. */
export const licensesOfCompany = (companyId: string) =>
  sql`l.organization_id in (select o.id from organizations o where o.company_id = ${companyId})`;

/**
 * license_summary counts expiry relative to license_summary_day.as_of. `read` returns that day with its
 * result (read in the same statement, so both come from one snapshot):
 * - the day is today: the result stands;
 * - the day is behind (the first call of a new day): recompute the summary for today, read again;
 * - the day is ahead (this process's clock is behind another's, around midnight): `direct`, the same
 *   numbers aggregated from the licenses themselves.
 */
export async function withLicenseDay<T>(
  db: Kysely<DB>,
  today: string,
  read: () => Promise<{ asOf: string; value: T }>,
  direct: () => Promise<T>,
): Promise<T> {
  let result = await read();
  if (result.asOf < today) {
    await refreshLicenseSummary(db, today);
    result = await read();
  }
  return result.asOf === today ? result.value : direct();
}

/**
 * Recomputes license_summary for `today` unless it is already there. Every license write holds the day
 * row in share mode until it commits, so the exclusive lock here waits for those in flight and the
 * recompute (a new statement, a new snapshot) sees all of them.
 */
export async function refreshLicenseSummary(db: Kysely<DB>, today: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await lockLicenseSummaryDay().execute(trx);
    if ((rows[0]?.as_of ?? '') < today)
      await sql`select license_summary_refresh(${today}::date)`.execute(trx);
  });
}

const lockLicenseSummaryDay = rawQuery(
  'license summary day, locked',
  { as_of: col.text() },
  () => sql`select as_of::text as as_of from license_summary_day for update`,
  [],
);

/** The day license_summary counts from, as a scalar subquery ('YYYY-MM-DD'). */
export const LICENSE_SUMMARY_DAY = sql`(select as_of::text from license_summary_day)`;
