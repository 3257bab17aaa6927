import {
  partnerListQuerySchema,
  partnerPageSchema,
  partnerScorecardSchema,
} from '@portal/contracts/partners';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PARTNERS_ONLY } from '../../auth/access-rule.ts';
import { notFound } from '../../domain/errors.ts';
import { listPartners } from '../../domain/partners/partner-figures.ts';
import { partnerScorecard } from '../../domain/partners/partner-scorecard.ts';
import { todayUtc } from '../../domain/statistics/today.ts';
import { isUuid } from '../../domain/uuid.ts';
import { idParam, security, tags } from './params.ts';

/** The partner hierarchy (issue 16): the companies below HQ, a region or a distributor, with their figures. */
export async function partnerRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/partners',
    {
      config: { caller: 'session', access: PARTNERS_ONLY },
      schema: { tags, security, querystring: partnerListQuerySchema, response: { 200: partnerPageSchema } },
    },
    async (request) => listPartners(app.db, request.caller, request.query, todayUtc()),
  );

  app.get(
    '/v1/partners/:companyId',
    {
      config: { caller: 'session', access: PARTNERS_ONLY },
      schema: {
        tags,
        security,
        params: z.object({ companyId: idParam }),
        response: { 200: partnerScorecardSchema },
      },
    },
    async (request) => {
      if (!isUuid(request.params.companyId)) throw notFound('Partner not found');
      return partnerScorecard(app.db, request.caller, request.params.companyId, todayUtc());
    },
  );
}
