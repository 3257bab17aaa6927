import { companyTokenRequestSchema, tokenResponseSchema } from '@portal/contracts/reseller';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issueTenantToken, tenantIssuer } from '../../auth/tenant-tokens.ts';
import { assertOwnCompany } from '../../domain/members/members.ts';
import { isPartnerRole, openPartnerView } from '../../domain/partners/partner-view.ts';
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
      const { companyId } = request.body;
      if (companyId !== caller.companyId && isPartnerRole(caller.role)) {
        // Drill-down (issue 16): a read-only view of a dealer below the caller's company, audited.
        const dealer = await openPartnerView(app.db, caller, companyId);
        return issueTenantToken(app.db, issuer, {
          kind: 'company',
          sub: caller.userId,
          companyId: dealer.companyId,
          originJti: caller.originJti,
          viewerCompanyId: caller.companyId,
          role: dealer.role,
        });
      }
      assertOwnCompany(caller, companyId);
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
      // Dealers; and a partner viewing a dealer below it (`?companyId=`, issue 16) as its read-only viewer.
      config: {
        caller: 'session',
        access: { roles: ['dealer'] },
        actsOn: { dealer: 'query.companyId', organization: 'params.orgId' },
      },
      schema: {
        tags,
        security,
        params: z.object({ orgId: idParam }),
        querystring: z.object({ companyId: idParam.optional() }),
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => {
      const { caller } = request;
      return issueTenantToken(app.db, issuer, {
        kind: 'organization',
        sub: caller.userId,
        companyId: caller.companyId,
        originJti: caller.originJti,
        viewerCompanyId: caller.viewerCompanyId,
        orgId: request.params.orgId,
      });
    },
  );
}
