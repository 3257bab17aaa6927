import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

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
    .returning(['entry_point', 'service_device_id'])
    .execute();
  if (expired.length === 0) return;
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
