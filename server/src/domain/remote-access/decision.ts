import type { BrandId } from '@portal/contracts/brands';
import { writeAudit } from '../audit/audit-log.ts';
import type { RemoteAccessDeps } from './deps.ts';
import { expireRemoteAccess } from './expiry.ts';
import { clearRequesting } from './request.ts';
import { hashSecretToken, looksLikeSecretToken } from './secret-token.ts';

export interface PendingRequest {
  id: string;
  organizationName: string;
  dealerName: string;
  target: string;
  state: 'requesting' | 'approved' | 'denied' | 'aborted' | 'expired' | 'unknown';
  expiresAt: Date | null;
  /** The address the link was mailed to, who answers it (decision 0009); '' for unknown links. */
  approverEmail: string;
  /** The dealer's vendor: the page carries its brand (decision 0022); undefined for unknown links. */
  vendor?: BrandId;
}

/** What an approval link points at, after lazy expiry; 'unknown' for a token we never issued. */
export async function findByToken(deps: RemoteAccessDeps, token: string): Promise<PendingRequest> {
  const unknown: PendingRequest = {
    id: '',
    organizationName: '',
    dealerName: '',
    target: '',
    state: 'unknown',
    expiresAt: null,
    approverEmail: '',
  };
  if (!looksLikeSecretToken(token)) return unknown;
  const hash = hashSecretToken(token);
  const located = await deps.db
    .selectFrom('remote_access_requests')
    .select('organization_id')
    .where('approval_token_hash', '=', hash)
    .executeTakeFirst();
  if (!located) return unknown;
  await expireRemoteAccess(deps.db, located.organization_id);
  const row = await deps.db
    .selectFrom('remote_access_requests as r')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .leftJoin('devices as server', 'server.id', 'r.service_device_id')
    .select([
      'r.id',
      'r.state',
      'r.expires_at',
      'r.approver_email',
      'o.contact_email',
      'o.name as organization',
      'c.name as dealer',
      'c.vendor',
      'server.name as server',
    ])
    .where('r.approval_token_hash', '=', hash)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    organizationName: row.organization,
    dealerName: row.dealer,
    vendor: row.vendor,
    target: row.server ?? 'your user portal',
    state: row.state,
    expiresAt: row.expires_at,
    // Requests from before decision 0009 went to the contact e-mail of the time.
    approverEmail: row.approver_email ?? row.contact_email,
  };
}

/**
 * The customer's answer. Approval enables access for REMOTE_ACCESS_DURATION_HOURS; denial clears the
 * request. Only a pending, unexpired request changes: the link works once.
 */
export async function decide(
  deps: RemoteAccessDeps,
  token: string,
  decision: 'approve' | 'deny',
): Promise<PendingRequest['state']> {
  const pending = await findByToken(deps, token);
  if (pending.state !== 'requesting') return pending.state;
  return deps.db.transaction().execute(async (trx) => {
    const now = new Date();
    const request = await trx
      .updateTable('remote_access_requests')
      .set({
        state: decision === 'approve' ? 'approved' : 'denied',
        decided_at: now,
        ...(decision === 'approve'
          ? { expires_at: new Date(now.getTime() + deps.config.REMOTE_ACCESS_DURATION_HOURS * 3600_000) }
          : {}),
      })
      .where('id', '=', pending.id)
      .where('state', '=', 'requesting')
      .returning(['organization_id', 'entry_point', 'service_device_id'])
      .executeTakeFirst();
    // Decided (or aborted) a moment ago by someone else.
    if (!request) return 'unknown';
    const target = { entryPoint: request.entry_point, deviceId: request.service_device_id };
    await clearRequesting(trx, request.organization_id, [target]);
    if (decision === 'approve') await enable(deps, trx, request.organization_id, target.deviceId);
    const org = await trx
      .selectFrom('organizations')
      .select('company_id')
      .where('id', '=', request.organization_id)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorUserId: null,
      actor: { type: 'contact', email: pending.approverEmail },
      companyId: org.company_id,
      action: decision === 'approve' ? 'remote-access.approve' : 'remote-access.deny',
      targetType: target.deviceId ? 'service' : 'organization',
      targetId: target.deviceId ?? request.organization_id,
      organizationId: request.organization_id,
      details: {
        organizationId: request.organization_id,
        requestId: pending.id,
        by: 'customer contact',
        approverEmail: pending.approverEmail,
      },
    });
    return decision === 'approve' ? 'approved' : 'denied';
  });
}

async function enable(
  deps: RemoteAccessDeps,
  trx: Parameters<typeof clearRequesting>[0],
  organizationId: string,
  deviceId: string | null,
) {
  if (!deviceId) {
    await trx
      .updateTable('organizations')
      .set({ remote_access_enabled: true })
      .where('id', '=', organizationId)
      .execute();
    return;
  }
  const frpUrl = deps.config.REMOTE_ACCESS_FRP_URL_TEMPLATE.replace('{deviceId}', deviceId.toLowerCase());
  await trx
    .updateTable('services')
    .set((eb) => ({ remote_access_enabled: true, frp_url: eb.fn.coalesce('frp_url', eb.val(frpUrl)) }))
    .where('organization_id', '=', organizationId)
    .where('device_id', '=', deviceId)
    .execute();
}
