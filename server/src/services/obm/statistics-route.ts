import { obmCompanyStatisticsSchema } from '@portal/contracts/obm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { obmCompanyStatistics } from '../../domain/statistics/obm-company-statistics.ts';

/** OBM `GET /v1/companies/statistics` with a session token: the caller's own company, never another. */
export const companyStatisticsRoute: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/companies/statistics',
    {
      config: { caller: 'session', access: DEALER_ONLY },
      schema: {
        tags: ['obm'],
        summary: "Second-platform services and devices of the caller's company",
        security: [{ bearer: [] }],
        response: { 200: obmCompanyStatisticsSchema },
      },
    },
    async (request) => {
      return obmCompanyStatistics(app.db, request.caller.companyId);
    },
  );
};
