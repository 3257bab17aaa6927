import { companyTokenRequestSchema, tokenResponseSchema } from '@portal/contracts/reseller';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertAccess, DEALER_ONLY } from '../../auth/access-rule.ts';
import { issueTenantToken, tenantIssuer } from '../../auth/tenant-tokens.ts';
import { notFound } from '../../domain/errors.ts';
import { assertOwnCompany } from '../../domain/members/members.ts';
import { assertOrganizationVisible } from '../../domain/organizations/visibility.ts';
import { dealerBelow, isPartnerRole, openPartnerView, viewerOf } from '../../domain/partners/partner-view.ts';
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
      // Dealers; and a partner viewing a dealer below it (`?companyId=`, issue 16), checked in the handler.
      config: { caller: 'session' },
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
      const viewed = request.query.companyId;
      if (viewed && viewed !== caller.companyId && isPartnerRole(caller.role)) {
        const dealer = await dealerBelow(app.db, caller, viewed);
        if (!dealer) throw notFound('Company not found');
        await assertOrganizationVisible(app.db, viewerOf(caller, dealer), request.params.orgId);
        return issueTenantToken(app.db, issuer, {
          kind: 'organization',
          sub: caller.userId,
          companyId: dealer.companyId,
          originJti: caller.originJti,
          viewerCompanyId: caller.companyId,
          orgId: request.params.orgId,
        });
      }
      assertAccess(DEALER_ONLY, caller);
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
