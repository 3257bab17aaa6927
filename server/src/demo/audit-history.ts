import type { Insertable } from 'kysely';
import type { AuditLogTable } from '../infrastructure/db/domain-tables.ts';
import type { OrganizationRow, RemoteAccessRequestRow } from './dataset.ts';

interface Person {
  userId: string;
  email: string;
  name: string;
}

const DECISION = { approved: 'remote-access.approve', denied: 'remote-access.deny' } as const;

type AuditRow = Insertable<AuditLogTable>;

/**
 * A demo audit row with every column present: the demo insert takes its column list from the first row
 * (demo/insert.ts), so a column one row leaves out would be dropped for all of them.
 */
export function demoAuditRow(
  row: Pick<AuditRow, 'company_id' | 'action' | 'target_type' | 'at'> & Partial<AuditRow>,
) {
  return {
    actor_user_id: null,
    actor_type: 'company' as const,
    actor_id: null,
    actor_email: null,
    actor_name: null,
    target_id: null,
    target_name: null,
    organization_id: null,
    before: null,
    after: null,
    details: {},
    ...row,
  } satisfies AuditRow;
}

/**
 * The audit entries the demo's remote-access requests would have left (issue 27): who asked, and how it
 * ended: the customer's contact answered, the dealer withdrew it, or it expired. So a demo company's
 * Activity reads like a company's that has worked in the portal for a while.
 */
export function remoteAccessHistory(
  companyId: string,
  requests: readonly RemoteAccessRequestRow[],
  organizations: readonly OrganizationRow[],
  people: readonly Person[],
): AuditRow[] {
  return requests.flatMap((request) => {
    const organization = organizations.find((row) => row.id === request.organization_id);
    const requester = people.find((person) => person.userId === request.requested_by_user_id);
    if (!organization || !requester) return [];
    const target = {
      company_id: companyId,
      target_type: 'organization',
      target_id: organization.id,
      target_name: organization.name,
      organization_id: organization.id,
    };
    const byRequester = {
      actor_type: 'user' as const,
      actor_user_id: requester.userId,
      actor_id: requester.userId,
      actor_email: requester.email,
      actor_name: requester.name,
    };
    const entries: AuditRow[] = [
      demoAuditRow({
        ...target,
        ...byRequester,
        action: 'remote-access.request',
        at: request.requested_at,
        after: { sentTo: organization.contact_email ?? null },
      }),
    ];
    const decidedAt = request.decided_at ?? request.requested_at;
    if (request.state === 'approved' || request.state === 'denied') {
      entries.push(
        demoAuditRow({
          ...target,
          actor_type: 'contact',
          actor_email: organization.contact_email ?? null,
          action: DECISION[request.state],
          at: decidedAt,
        }),
      );
    } else if (request.state === 'aborted') {
      entries.push(demoAuditRow({ ...target, ...byRequester, action: 'remote-access.abort', at: decidedAt }));
    } else if (request.state === 'expired') {
      entries.push(
        demoAuditRow({ ...target, actor_id: companyId, action: 'remote-access.expire', at: decidedAt }),
      );
    }
    return entries;
  });
}
