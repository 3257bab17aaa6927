import { organizationIssuesSchema } from '@portal/contracts/statistics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { secondPlatformStatisticsOfCompany } from '../../domain/statistics/organization-statistics.ts';

/** Company-wide calls, with the company token (SPEC §7 second platform). */
export async function companyScopedRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/organizations/statistics',
    {
      config: { caller: 'company-token', access: DEALER_ONLY },
      schema: { tags: ['platform'], security: [{ bearer: [] }], response: { 200: organizationIssuesSchema } },
    },
    async (request) => ({
      organizationIssues: await secondPlatformStatisticsOfCompany(app.db, request.caller.companyId),
    }),
  );
}
