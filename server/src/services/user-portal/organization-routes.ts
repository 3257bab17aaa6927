import {
  licenseStatisticsSchema,
  organizationInfoSchema,
  organizationListQuerySchema,
  organizationListSchema,
} from '@portal/contracts/organizations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { ON_ORGANIZATION } from '../../auth/tenant-scope.ts';
import { organizationInfo } from '../../domain/organizations/organization-info.ts';
import { organizationLicenseStatistics } from '../../domain/statistics/license-statistics.ts';
import { organizationSummaries } from '../../domain/statistics/organization-summaries.ts';
import { todayUtc } from '../../domain/statistics/today.ts';

export const orgParams = z.object({ orgId: z.string().min(1).max(64) });
const tags = ['user-portal'];
const security = [{ bearer: [] }];

/** The dealer's customers (SPEC §7 user-portal): the list, one customer's info and its licenses. */
export async function organizationRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/companies/organizations',
    {
      config: { caller: 'company-token', access: DEALER_ONLY },
      schema: {
        tags,
        security,
        querystring: organizationListQuerySchema,
        response: { 200: organizationListSchema },
      },
    },
    async (request) => ({
      items: await organizationSummaries(app.db, request.caller.companyId, todayUtc(), request.query.q),
    }),
  );

  app.get(
    '/organizations/:orgId/info',
    {
      config: { caller: 'company-token', access: DEALER_ONLY, actsOn: ON_ORGANIZATION },
      schema: { tags, security, params: orgParams, response: { 200: organizationInfoSchema } },
    },
    async (request) => organizationInfo(app.db, request.params.orgId),
  );

  app.get(
    '/organizations/:orgId/license-statistics',
    {
      config: { caller: 'company-token', access: DEALER_ONLY, actsOn: ON_ORGANIZATION },
      schema: { tags, security, params: orgParams, response: { 200: licenseStatisticsSchema } },
    },
    async (request) => organizationLicenseStatistics(app.db, request.params.orgId),
  );
}
