import { SERVICE_PREFIXES } from '@portal/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';

/** Where the customer approves or denies: a page our server serves (page-routes.ts). */
export const approvalLink = (app: FastifyInstance, token: string) =>
  `${app.config.PUBLIC_URL}${SERVICE_PREFIXES.default}/remote-access/${token}`;

export const formatUtc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Mails the customer's contact the approve/deny link of one request, in the requesting dealer's language. */
export async function sendApprovalMail(
  app: FastifyInstance,
  requester: { userId: string; companyId: string },
  organizationId: string,
  request: { target: string; token: string; expiresAt: Date },
): Promise<void> {
  const row = await app.db
    .selectFrom('organizations')
    .innerJoin('companies', 'companies.id', 'organizations.company_id')
    .innerJoin('users', (join) =>
      join.onRef('users.company_id', '=', 'companies.id').on('users.id', '=', requester.userId),
    )
    .select(['organizations.name', 'organizations.contact_email', 'companies.name as dealer', 'users.locale'])
    .where('organizations.id', '=', organizationId)
    .executeTakeFirstOrThrow();
  await app.mail.send({
    to: row.contact_email,
    locale: row.locale,
    template: 'remote-access-request',
    params: {
      dealer: row.dealer,
      organization: row.name,
      target: request.target,
      link: approvalLink(app, request.token),
      expiresAt: formatUtc(request.expiresAt),
    },
  });
}
