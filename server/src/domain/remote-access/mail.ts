import { SERVICE_PREFIXES } from '@portal/contracts/runtime-config';
import type { RemoteAccessDeps } from './deps.ts';

/** Where the customer approves or denies: a page our server serves (page-routes.ts). */
export const approvalLink = (deps: RemoteAccessDeps, token: string) =>
  `${deps.config.PUBLIC_URL}${SERVICE_PREFIXES.default}/remote-access/${token}`;

export const formatUtc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * What a mail to a customer's contact names, and its language: the customer, its dealer, and the language of
 * the dealer's user who acted (customers have no language of their own in our data).
 */
export function customerMailContext(deps: RemoteAccessDeps, organizationId: string, userId: string) {
  return deps.db
    .selectFrom('organizations')
    .innerJoin('companies', 'companies.id', 'organizations.company_id')
    .innerJoin('users', (join) =>
      join.onRef('users.company_id', '=', 'companies.id').on('users.id', '=', userId),
    )
    .select(['organizations.name', 'companies.name as dealer', 'companies.vendor', 'users.locale'])
    .where('organizations.id', '=', organizationId)
    .executeTakeFirstOrThrow();
}

/**
 * Mails the approve/deny link of one request to its approver (the customer's settled contact e-mail, decision
 * 0009), in the requesting dealer's language and brand: customers have no language of their own in our data.
 */
export async function sendApprovalMail(
  deps: RemoteAccessDeps,
  requester: { userId: string; companyId: string },
  organizationId: string,
  request: { target: string; token: string; expiresAt: Date; approverEmail: string },
): Promise<void> {
  const row = await customerMailContext(deps, organizationId, requester.userId);
  await deps.mail.send({
    to: request.approverEmail,
    locale: row.locale,
    template: 'remote-access-request',
    brand: row.vendor,
    params: {
      dealer: row.dealer,
      organization: row.name,
      target: request.target,
      link: approvalLink(deps, request.token),
      expiresAt: formatUtc(request.expiresAt),
    },
  });
}
