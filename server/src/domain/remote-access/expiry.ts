import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { writeAudit } from '../audit/audit-log.ts';

/**
 * Lazy expiry, run before remote-access state is read or changed: a pending request whose link has
 * expired, or an approved access past its duration, turns 'expired' and its flags are cleared.
 * (At most one of enabled / requesting is ever set for an entry point, so clearing both is exact.)
 */
export async function expireRemoteAccess(
  db: Kysely<DB> | Transaction<DB>,
  organizationId: string,
): Promise<void> {
  const expired = await db
    .updateTable('remote_access_requests')
    .set({ state: 'expired', decided_at: sql<Date>`coalesce(decided_at, now())` })
    .where('organization_id', '=', organizationId)
    .where('state', 'in', ['requesting', 'approved'])
    .where('expires_at', '<=', new Date())
    .returning(['id', 'state', 'entry_point', 'service_device_id'])
    .execute();
  if (expired.length === 0) return;
  const org = await db
    .selectFrom('organizations')
    .select('company_id')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  for (const row of expired) {
    // The portal itself ends it: the entry has the company as its actor, whoever's request noticed.
    await writeAudit(db, {
      actorUserId: null,
      companyId: org?.company_id ?? null,
      action: 'remote-access.expire',
      targetType: row.service_device_id ? 'service' : 'organization',
      targetId: row.service_device_id ?? organizationId,
      organizationId,
      details: { requestId: row.id },
    });
  }
  if (expired.some((row) => row.entry_point === 'portal')) {
    await db
      .updateTable('organizations')
      .set({ remote_access_enabled: false, remote_access_requesting: false })
      .where('id', '=', organizationId)
      .execute();
  }
  const services = expired.flatMap((row) => (row.service_device_id ? [row.service_device_id] : []));
  if (services.length > 0) {
    await db
      .updateTable('services')
      .set({ remote_access_enabled: false, remote_access_requesting: false })
      .where('organization_id', '=', organizationId)
      .where('device_id', 'in', services)
      .execute();
  }
}
