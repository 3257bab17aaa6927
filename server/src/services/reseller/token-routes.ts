import { companyTokenRequestSchema, tokenResponseSchema } from '@portal/contracts/reseller';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { issueTenantToken, tenantIssuer } from '../../auth/tenant-tokens.ts';
import { assertOwnCompany } from '../../domain/members/members.ts';
import { assertOrganizationVisible } from '../../domain/organizations/visibility.ts';
import { idParam, security, tags } from './params.ts';

/** Token exchange (ARCHITECTURE §3): a session token for a company token or an organization token. */
export async function tokenRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const issuer = tenantIssuer(app.config.PUBLIC_URL);

  app.post(
    '/auth/vortextoken',
    {
      config: { caller: 'session' },
      schema: { tags, security, body: companyTokenRequestSchema, response: { 200: tokenResponseSchema } },
    },
    async (request) => {
      const { caller } = request;
      assertOwnCompany(caller, request.body.companyId);
      return issueTenantToken(app.db, issuer, {
        kind: 'company',
        sub: caller.userId,
        companyId: caller.companyId,
        originJti: caller.originJti,
        role: caller.role,
      });
    },
  );

  app.post(
    '/v1/organizations/:orgId/vsaas-token',
    {
      config: { caller: 'session', access: DEALER_ONLY },
      schema: {
        tags,
        security,
        params: z.object({ orgId: idParam }),
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => {
      const { caller } = request;
      await assertOrganizationVisible(app.db, caller, request.params.orgId);
      return issueTenantToken(app.db, issuer, {
        kind: 'organization',
        sub: caller.userId,
        companyId: caller.companyId,
        originJti: caller.originJti,
        orgId: request.params.orgId,
      });
    },
  );
}
