import { type Kysely, sql } from 'kysely';
import { allowAuditRemoval } from '../domain/audit/retention.ts';
import type { DB } from '../infrastructure/db/types.ts';

/** Every domain table but role_permissions, the permission map the migration seeds. */
const DATA_TABLES = [
  'audit_log',
  'login_records',
  'remote_access_requests',
  'incidents',
  'licenses',
  'license_inventory',
  'license_catalogue',
  'services',
  'devices',
  'sites',
  'organizations',
  'users',
  'companies',
  'regions',
] as const;

/**
 * Empties every domain table (keeping the role permission map) and the pool users, which would
 * otherwise be left without their domain users and block re-creating the same demo emails.
 */
export async function emptyDomainTables(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The audit log is append-only (migration 0017); a reset starts the demo over, log included.
    await allowAuditRemoval(trx);
    await sql.raw(`truncate ${DATA_TABLES.join(', ')} restart identity cascade`).execute(trx);
    await trx.deleteFrom('identity_users').execute();
  });
}
