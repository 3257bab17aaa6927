import type { ObmSendRequest, RemoteAccessRequestResult } from '@portal/contracts/platform';
import type { Transaction } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { conflict, notFound, unavailable } from '../errors.ts';
import { isUuid } from '../uuid.ts';
import { approverContact } from './approver-contact.ts';
import type { RemoteAccessDeps } from './deps.ts';
import { expireRemoteAccess } from './expiry.ts';
import { formatUtc, sendApprovalMail } from './mail.ts';
import { hashSecretToken, newSecretToken } from './secret-token.ts';

export interface Requester {
  userId: string;
  companyId: string;
}

interface Created {
  id: string;
  entryPoint: 'portal' | 'service';
  deviceId: string | null;
  target: string;
  token: string;
  expiresAt: Date;
  /** Where the approval link goes (decision 0009). */
  approverEmail: string;
}

/**
 * The organization, locked for a remote-access change, if the requester's company manages it (else 404), its
 * lapsed requests expired first. Request and abort both start here.
 */
export async function lockForRemoteAccess(
  trx: Transaction<DB>,
  requester: Requester,
  organizationId: string,
) {
  if (!isUuid(organizationId)) throw notFound('Organization not found');
  const org = await trx
    .selectFrom('organizations')
    .select(['id', 'name', 'contact_email'])
    .where('id', '=', organizationId)
    .where('company_id', '=', requester.companyId)
    .forUpdate()
    .executeTakeFirst();
  if (!org) throw notFound('Organization not found');
  await expireRemoteAccess(trx, organizationId);
  return org;
}

/**
 * The organization, locked (lockForRemoteAccess), with the address its approval links go to: the contact
 * e-mail as it stood before any recent change (decision 0009).
 */
async function lockOrganization(
  trx: Transaction<DB>,
  deps: RemoteAccessDeps,
  requester: Requester,
  organizationId: string,
) {
  const org = await lockForRemoteAccess(trx, requester, organizationId);
  const approver = await approverContact(trx, org, deps.config.REMOTE_ACCESS_CONTACT_SETTLE_DAYS);
  if (!approver.email && approver.newAddressFrom) {
    throw conflict(
      `The customer's contact e-mail was changed recently; approval requests can go to it from ${formatUtc(approver.newAddressFrom)}.`,
    );
  }
  if (!approver.email) throw conflict('The customer has no contact e-mail to ask for approval.');
  return { ...org, approverEmail: approver.email };
}

async function insertRequest(
  trx: Transaction<DB>,
  deps: RemoteAccessDeps,
  requester: Requester,
  organizationId: string,
  target: { entryPoint: 'portal' | 'service'; deviceId: string | null; name: string; approverEmail: string },
): Promise<Created> {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + deps.config.REMOTE_ACCESS_LINK_HOURS * 3600_000);
  const row = await trx
    .insertInto('remote_access_requests')
    .values({
      organization_id: organizationId,
      requested_by_user_id: requester.userId,
      entry_point: target.entryPoint,
      service_device_id: target.deviceId,
      state: 'requesting',
      approval_token_hash: hashSecretToken(token),
      approver_email: target.approverEmail,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeAudit(trx, {
    actorUserId: requester.userId,
    companyId: requester.companyId,
    action: 'remote-access.request',
    targetType: target.entryPoint === 'portal' ? 'organization' : 'service',
    targetId: target.deviceId ?? organizationId,
    organizationId,
    after: { sentTo: target.approverEmail },
    details: { organizationId, requestId: row.id, sentTo: target.approverEmail },
  });
  return { id: row.id, ...target, target: target.name, token, expiresAt };
}

/** Mails the links once the requests are committed; if mail fails, the requests are withdrawn again. */
async function mailOrWithdraw(
  deps: RemoteAccessDeps,
  requester: Requester,
  organizationId: string,
  created: Created[],
) {
  try {
    for (const request of created) await sendApprovalMail(deps, requester, organizationId, request);
  } catch (error) {
    deps.log.error({ err: error }, 'remote-access mail failed');
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('remote_access_requests')
        .set({ state: 'aborted', decided_at: new Date() })
        .where(
          'id',
          'in',
          created.map((request) => request.id),
        )
        .where('state', '=', 'requesting')
        .execute();
      await clearRequesting(trx, organizationId, created);
    });
    throw unavailable('Failed to send.');
  }
  return {
    requests: created.map((request) => ({
      id: request.id,
      entryPoint: request.entryPoint,
      deviceId: request.deviceId,
      expiresAt: request.expiresAt.toISOString(),
    })),
  };
}

export async function clearRequesting(
  trx: Transaction<DB>,
  organizationId: string,
  requests: { entryPoint: 'portal' | 'service'; deviceId: string | null }[],
) {
  if (requests.some((request) => request.entryPoint === 'portal')) {
    await trx
      .updateTable('organizations')
      .set({ remote_access_requesting: false })
      .where('id', '=', organizationId)
      .execute();
  }
  const devices = requests.flatMap((request) => (request.deviceId ? [request.deviceId] : []));
  if (devices.length > 0) {
    await trx
      .updateTable('services')
      .set({ remote_access_requesting: false })
      .where('organization_id', '=', organizationId)
      .where('device_id', 'in', devices)
      .execute();
  }
}

/** vortex-send-request: ask for remote access to the customer's user portal. */
export async function requestPortalAccess(
  deps: RemoteAccessDeps,
  requester: Requester,
  organizationId: string,
): Promise<RemoteAccessRequestResult> {
  const created = await deps.db.transaction().execute(async (trx) => {
    const org = await lockOrganization(trx, deps, requester, organizationId);
    const current = await trx
      .selectFrom('organizations')
      .select(['remote_access_enabled', 'remote_access_requesting'])
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    if (current.remote_access_enabled) throw conflict('Remote access is already enabled.');
    if (current.remote_access_requesting) throw conflict('Remote access is already being requested.');
    await trx
      .updateTable('organizations')
      .set({ remote_access_requesting: true })
      .where('id', '=', organizationId)
      .execute();
    const target = {
      entryPoint: 'portal' as const,
      deviceId: null,
      name: `the user portal of ${org.name}`,
      approverEmail: org.approverEmail,
    };
    return [await insertRequest(trx, deps, requester, organizationId, target)];
  });
  return mailOrWithdraw(deps, requester, organizationId, created);
}

/** obm-send-request: ask for remote access to servers (second-platform services) of the customer. */
export async function requestServerAccess(
  deps: RemoteAccessDeps,
  requester: Requester,
  organizationId: string,
  sites: ObmSendRequest,
): Promise<RemoteAccessRequestResult> {
  const deviceIds = [...new Set(sites.map((entry) => entry.server.deviceId))];
  if (deviceIds.length !== sites.length) throw conflict('A server is listed more than once.');
  const created = await deps.db.transaction().execute(async (trx) => {
    const { approverEmail } = await lockOrganization(trx, deps, requester, organizationId);
    const services = await trx
      .selectFrom('services')
      .innerJoin('devices', 'devices.id', 'services.device_id')
      .select([
        'services.device_id',
        'devices.site_id',
        'devices.name',
        'devices.connected',
        'services.remote_access_enabled',
        'services.remote_access_requesting',
      ])
      .where('services.organization_id', '=', organizationId)
      .where('services.device_id', 'in', deviceIds)
      .execute();
    const byId = new Map(services.map((service) => [service.device_id, service]));
    const out: Created[] = [];
    for (const entry of sites) {
      const service = byId.get(entry.server.deviceId);
      if (!service || service.site_id !== entry.siteId) throw notFound('Server not found');
      // The relay needs the server online; the customer would approve access that cannot work.
      if (!service.connected) {
        throw conflict(`${service.name} is disconnected; remote access needs a connected server.`);
      }
      if (service.remote_access_enabled)
        throw conflict(`Remote access to ${service.name} is already enabled.`);
      if (service.remote_access_requesting) {
        throw conflict(`Remote access to ${service.name} is already being requested.`);
      }
      const target = {
        entryPoint: 'service' as const,
        deviceId: service.device_id,
        name: service.name,
        approverEmail,
      };
      out.push(await insertRequest(trx, deps, requester, organizationId, target));
    }
    await trx
      .updateTable('services')
      .set({ remote_access_requesting: true })
      .where('organization_id', '=', organizationId)
      .where('device_id', 'in', deviceIds)
      .execute();
    return out;
  });
  return mailOrWithdraw(deps, requester, organizationId, created);
}
