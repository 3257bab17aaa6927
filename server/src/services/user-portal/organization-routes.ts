import {
  licenseStatisticsSchema,
  organizationInfoSchema,
  organizationListQuerySchema,
  organizationListSchema,
} from '@portal/contracts/organizations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { customerReads } from '../../auth/customer-reads.ts';
import { organizationInfo } from '../../domain/organizations/organization-info.ts';
import { organizationLicenseStatistics } from '../../domain/statistics/license-statistics.ts';
import { organizationSummaries } from '../../domain/statistics/organization-summaries.ts';
import { todayUtc } from '../../domain/statistics/today.ts';

const tags = ['user-portal'];
const security = [{ bearer: [] }];

/** The dealer's customers (SPEC §7 user-portal): the list, one customer's info and its licenses. */
export async function organizationRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const customerRead = customerReads(app, { caller: 'company-token', tags });

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

  customerRead('/organizations/:orgId/info', { response: organizationInfoSchema }, (orgId) =>
    organizationInfo(app.db, orgId),
  );

  customerRead('/organizations/:orgId/license-statistics', { response: licenseStatisticsSchema }, (orgId) =>
    organizationLicenseStatistics(app.db, orgId),
  );
}
