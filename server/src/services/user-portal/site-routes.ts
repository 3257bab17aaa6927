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
import { ON_ORGANIZATION } from '../../auth/tenant-scope.ts';
import { deviceBase, listSiteDevices } from '../../domain/devices/site-devices.ts';
import { listSiteLocations, listSiteStatuses, listSites } from '../../domain/sites/sites.ts';
import { orgParams } from './organization-routes.ts';

const tags = ['user-portal'];
const security = [{ bearer: [] }];

/**
 * Sites (keyset pages) and first-platform devices of a customer (SPEC §7 user-portal), and the located sites of
 * all the dealer's customers for the customer list's map.
 */
export async function siteRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/organizations/:orgId/sites',
    {
      config: { caller: 'company-token', access: DEALER_ONLY, actsOn: ON_ORGANIZATION },
      schema: {
        tags,
        security,
        params: orgParams,
        querystring: pageQuerySchema,
        response: { 200: sitePageSchema },
      },
    },
    async (request) => {
      return listSites(app.db, request.params.orgId, 'first', request.query);
    },
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

  app.get(
    '/organizations/:orgId/sites-status',
    {
      config: { caller: 'company-token', access: DEALER_ONLY, actsOn: ON_ORGANIZATION },
      schema: {
        tags,
        security,
        params: orgParams,
        querystring: pageQuerySchema,
        response: { 200: siteStatusPageSchema },
      },
    },
    async (request) => {
      return listSiteStatuses(app.db, request.params.orgId, 'first', request.query);
    },
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
