import { organizationServiceListSchema, secondPlatformDeviceListSchema } from '@portal/contracts/platform';
import { organizationStatisticsSchema } from '@portal/contracts/statistics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { customerReads } from '../../auth/customer-reads.ts';
import { deviceBase, listSiteDevices } from '../../domain/devices/site-devices.ts';
import { listOrganizationServices } from '../../domain/organization-services/organization-services.ts';
import { secondPlatformOrganizationStatistics } from '../../domain/statistics/organization-statistics.ts';

const tags = ['platform'];
const security = [{ bearer: [] }];

/** Calls about one organization, with that organization's token (SPEC §7 second platform). */
export async function organizationScopedRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const customerRead = customerReads(app, { caller: 'organization-token', tags });

  customerRead('/v1/organizations/:orgId/statistics', { response: organizationStatisticsSchema }, (orgId) =>
    secondPlatformOrganizationStatistics(app.db, orgId),
  );

  customerRead(
    '/v1/organizations/:orgId/services',
    { response: organizationServiceListSchema },
    async (orgId) => ({
      services: await listOrganizationServices(app.db, orgId),
    }),
  );

  app.get(
    '/v1/sites/:siteId/devices',
    {
      config: { caller: 'organization-token', access: DEALER_ONLY, actsOn: { site: 'params.siteId' } },
      schema: {
        tags,
        security,
        params: z.object({ siteId: z.string().min(1).max(64) }),
        response: { 200: secondPlatformDeviceListSchema },
      },
    },
    async (request) => {
      const rows = await listSiteDevices(app.db, request.params.siteId, 'second');
      return {
        devices: rows.map((row) => ({
          ...deviceBase(row, row.connected ?? false),
          isRecording: row.is_recording ?? false,
          serviceId: row.service_id,
        })),
      };
    },
  );
}
