import { oneTimePortalTokenSchema } from '@portal/contracts/platform';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { ON_ORGANIZATION } from '../../auth/tenant-scope.ts';
import { consumePortalToken, issuePortalToken } from '../../domain/portal-tokens/one-time-tokens.ts';
import { userPortalUrlFor } from '../../infrastructure/config/brand-hosts.ts';

const tags = ['user-portal-auth'];

/** POST /organizations/{orgId}/otp, with the company token. */
export async function issueRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/organizations/:orgId/otp',
    {
      config: { caller: 'company-token', access: DEALER_ONLY, actsOn: ON_ORGANIZATION },
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: z.object({ orgId: z.string().min(1).max(64) }),
        response: { 200: oneTimePortalTokenSchema },
      },
    },
    async (request) => {
      // The customer's user portal of the dealer's brand, whatever host the request came through.
      const settings = {
        userPortalUrl: userPortalUrlFor(app.config, request.caller.vendor),
        USER_PORTAL_OTP_SECONDS: app.config.USER_PORTAL_OTP_SECONDS,
      };
      return issuePortalToken(app.db, settings, request.caller, request.params.orgId);
    },
  );
}

/**
 * POST /otp/consume {token}: the customer's user portal (an external system) exchanges the token once
 * for the organization it opens. The token is the credential; a production portal would also present
 * its own client credential here.
 */
export async function consumeRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/otp/consume',
    {
      config: { caller: 'none' },
      schema: {
        tags,
        body: z.object({ token: z.string().max(200) }).strict(),
        response: { 200: z.object({ organizationId: z.string(), organizationName: z.string() }) },
      },
    },
    async (request) => consumePortalToken(app.db, request.body.token),
  );
}
