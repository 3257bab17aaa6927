import type { AbortRemoteAccessQuery } from '@portal/contracts/platform';
import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { conflict } from '../errors.ts';
import { clearRequesting, lockForRemoteAccess, type Requester } from './request.ts';

/**
 * The dealer withdraws pending requests (SPEC §4 Abort): the one for `deviceId`, the portal's, or every
 * pending one of the organization when `which` names neither. Their links stop working at once. 409 when
 * nothing of that is pending any more (e.g. the customer answered meanwhile).
 */
export async function abortRemoteAccess(
  db: Kysely<DB>,
  requester: Requester,
  organizationId: string,
  which: AbortRemoteAccessQuery = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockForRemoteAccess(trx, requester, organizationId);
    let update = trx
      .updateTable('remote_access_requests')
      .set({ state: 'aborted', decided_at: new Date() })
      .where('organization_id', '=', organizationId)
      .where('state', '=', 'requesting');
    if (which.deviceId) update = update.where('service_device_id', '=', which.deviceId);
    if (which.entryPoint === 'portal') update = update.where('entry_point', '=', 'portal');
    const aborted = await update.returning(['id', 'entry_point', 'service_device_id']).execute();
    if (aborted.length === 0) throw conflict('No remote access request is pending.');
    await clearRequesting(
      trx,
      organizationId,
      aborted.map((row) => ({ entryPoint: row.entry_point, deviceId: row.service_device_id })),
    );
    await writeAudit(trx, {
      actorUserId: requester.userId,
      companyId: requester.companyId,
      action: 'remote-access.abort',
      targetType: 'organization',
      targetId: organizationId,
      details: { requestIds: aborted.map((row) => row.id) },
    });
  });
}
