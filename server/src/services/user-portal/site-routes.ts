import {
  firstPlatformDeviceListSchema,
  pageQuerySchema,
  siteLocationPageSchema,
  siteLocationQuerySchema,
  sitePageSchema,
  siteStatusPageSchema,
} from '@portal/contracts/organizations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { customerReads } from '../../auth/customer-reads.ts';
import { deviceBase, listSiteDevices } from '../../domain/devices/site-devices.ts';
import { listSiteLocations, listSiteStatuses, listSites } from '../../domain/sites/sites.ts';

const tags = ['user-portal'];
const security = [{ bearer: [] }];

/**
 * Sites (keyset pages) and first-platform devices of a customer (SPEC §7 user-portal), and the located sites of
 * all the dealer's customers for the customer list's map.
 */
export async function siteRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const customerRead = customerReads(app, { caller: 'company-token', tags });

  customerRead(
    '/organizations/:orgId/sites',
    { querystring: pageQuerySchema, response: sitePageSchema },
    (orgId, page) => listSites(app.db, orgId, 'first', page),
  );

  app.get(
    '/companies/site-locations',
    {
      config: { caller: 'company-token', access: DEALER_ONLY },
      schema: {
        tags,
        security,
        querystring: siteLocationQuerySchema,
        response: { 200: siteLocationPageSchema },
      },
    },
    async (request) => listSiteLocations(app.db, request.caller.companyId, request.query),
  );

  customerRead(
    '/organizations/:orgId/sites-status',
    { querystring: pageQuerySchema, response: siteStatusPageSchema },
    (orgId, page) => listSiteStatuses(app.db, orgId, 'first', page),
  );

  app.get(
    '/sites/:siteId/devices',
    {
      config: { caller: 'company-token', access: DEALER_ONLY, actsOn: { site: 'params.siteId' } },
      schema: {
        tags,
        security,
        params: z.object({ siteId: z.string().min(1).max(64) }),
        response: { 200: firstPlatformDeviceListSchema },
      },
    },
    async (request) => {
      const rows = await listSiteDevices(app.db, request.params.siteId, 'first');
      return {
        devices: rows.map((row) => ({
          ...deviceBase(row, row.online ?? false),
          online: row.online ?? false,
          recording: row.recording ?? false,
          firmwareUpgradeState: row.firmware_upgrade_state,
        })),
      };
    },
  );
}
