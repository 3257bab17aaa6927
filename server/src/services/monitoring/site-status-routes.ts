import { pageQuerySchema, siteStatusPageSchema } from '@portal/contracts/organizations';
import type { FastifyInstance } from 'fastify';
import { customerReads } from '../../auth/customer-reads.ts';
import { listSiteStatuses } from '../../domain/sites/sites.ts';

/**
 * GET /v2/organizations/{orgId}/sites-status: the same keyset pages as the user portal's, flagged from
 * the second platform's devices (the monitoring centre watches the VSS / device-manager services).
 */
export async function siteStatusRoutes(base: FastifyInstance): Promise<void> {
  const customerRead = customerReads(base, { caller: 'company-token', tags: ['monitoring'] });
  customerRead(
    '/v2/organizations/:orgId/sites-status',
    { querystring: pageQuerySchema, response: siteStatusPageSchema },
    (orgId, page) => listSiteStatuses(base.db, orgId, 'second', page),
  );
}
