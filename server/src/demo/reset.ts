import { type Kysely, sql } from 'kysely';
import { allowAuditRemoval } from '../domain/audit/retention.ts';
import type { DB } from '../infrastructure/db/types.ts';

/**
 * The tables of the public schema a reset keeps: none holds a company's data. The migrations' own
 * bookkeeping, the permission map migration 0001 seeds, and the server's own secrets and signing keys (a
 * reset starts the demo over, not the deployment: sessions signed before it stay verifiable until they expire).
 */
export const KEPT_TABLES: readonly string[] = [
  'kysely_migration',
  'kysely_migration_lock',
  'role_permissions',
  'identity_secrets',
  'identity_signing_keys',
];

/** Every table of the public schema but the kept ones, read from the schema (a new table is reset unasked). */
export async function resetTables(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  return rows.map((row) => row.name).filter((name) => !KEPT_TABLES.includes(name));
}

/**
 * Empties every table with company data, the pool users and what hangs on them included, so that the demo
 * seed can start over with the same e-mail addresses. Only the KEPT_TABLES stay.
 */
export async function emptyDomainTables(db: Kysely<DB>): Promise<void> {
  const tables = await resetTables(db);
  await db.transaction().execute(async (trx) => {
    // The audit log is append-only (migration 0017); a reset starts the demo over, log included.
    await allowAuditRemoval(trx);
    await sql`truncate ${sql.join(tables.map((name) => sql.table(name)))} restart identity cascade`.execute(
      trx,
    );
  });
}
