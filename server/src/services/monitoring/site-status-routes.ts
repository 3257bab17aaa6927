import { pageQuerySchema, siteStatusPageSchema } from '@portal/contracts/organizations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { ON_ORGANIZATION } from '../../auth/tenant-scope.ts';
import { listSiteStatuses } from '../../domain/sites/sites.ts';

/**
 * GET /v2/organizations/{orgId}/sites-status: the same keyset pages as the user portal's, flagged from
 * the second platform's devices (the monitoring centre watches the VSS / device-manager services).
 */
export async function siteStatusRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v2/organizations/:orgId/sites-status',
    {
      config: { caller: 'company-token', access: DEALER_ONLY, actsOn: ON_ORGANIZATION },
      schema: {
        tags: ['monitoring'],
        security: [{ bearer: [] }],
        params: z.object({ orgId: z.string().min(1).max(64) }),
        querystring: pageQuerySchema,
        response: { 200: siteStatusPageSchema },
      },
    },
    async (request) => listSiteStatuses(app.db, request.params.orgId, 'second', request.query),
  );
}
