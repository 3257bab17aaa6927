import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';

/**
 * Lets this transaction delete or truncate audit rows: the append-only trigger of migration 0017 refuses
 * both otherwise. Only the retention job and the demo reset call it; the setting ends with the transaction.
 */
export async function allowAuditRemoval(trx: Kysely<DB>): Promise<void> {
  await sql`select set_config('portal.audit_retention', 'on', true)`.execute(trx);
}

/** Deletes the entries older than `days` days (AUDIT_RETENTION_DAYS); returns how many went. */
export async function deleteExpiredAudit(db: Kysely<DB>, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  return db.transaction().execute(async (trx) => {
    await allowAuditRemoval(trx);
    const result = await trx.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
