import {
  companyStatisticsSchema,
  customerMatchesSchema,
  customerSelectionSchema,
  firstPlatformOrganizationStatisticsListSchema,
  firstPlatformOrganizationStatisticsSchema,
} from '@portal/contracts/statistics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { customerReads } from '../../auth/customer-reads.ts';
import { companyStatistics } from '../../domain/statistics/company-statistics.ts';
import { customerMatches } from '../../domain/statistics/customer-matches.ts';
import {
  firstPlatformOrganizationStatistics,
  firstPlatformStatisticsOfCompany,
} from '../../domain/statistics/organization-statistics.ts';
import { todayUtc } from '../../domain/statistics/today.ts';

const tags = ['user-portal'];
const security = [{ bearer: [] }];

/** Dashboard and customer statistics of the first platform (SPEC §3 Statistics). */
export async function statisticsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const customerRead = customerReads(app, { caller: 'company-token', tags });

  app.get(
    '/companies/statistics',
    {
      config: { caller: 'company-token', access: DEALER_ONLY },
      schema: { tags, security, response: { 200: companyStatisticsSchema } },
    },
    async (request) => companyStatistics(app.db, request.caller.companyId, todayUtc()),
  );

  // The customers behind one dashboard number, each with how many of the counted items it holds.
  app.get(
    '/companies/statistics/customers',
    {
      config: { caller: 'company-token', access: DEALER_ONLY },
      schema: {
        tags,
        security,
        querystring: customerSelectionSchema,
        response: { 200: customerMatchesSchema },
      },
    },
    async (request) => customerMatches(app.db, request.caller.companyId, todayUtc(), request.query),
  );

  app.get(
    '/organizations/statistics',
    {
      config: { caller: 'company-token', access: DEALER_ONLY },
      schema: { tags, security, response: { 200: firstPlatformOrganizationStatisticsListSchema } },
    },
    async (request) => ({
      items: await firstPlatformStatisticsOfCompany(app.db, request.caller.companyId, todayUtc()),
    }),
  );

  customerRead(
    '/organizations/:orgId/statistics',
    { response: firstPlatformOrganizationStatisticsSchema },
    (orgId) => firstPlatformOrganizationStatistics(app.db, orgId, todayUtc()),
  );
}
