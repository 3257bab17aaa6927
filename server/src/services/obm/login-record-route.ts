import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordLogin } from '../../domain/login-records/login-records.ts';

const bodySchema = z.object({
  email: z.email().max(254),
  region: z.string().trim().min(1).max(64),
  /** Epoch milliseconds or an ISO date: when the sign-in happened on the client. */
  timestamp: z.union([z.number(), z.string().min(1).max(64)]),
});

/**
 * OBM `POST /v1/stats/login_record {email, region, timestamp}` with a session token: the web app
 * records each successful sign-in. Only for the caller's own email.
 */
export const loginRecordRoute: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/v1/stats/login_record',
    {
      config: { caller: 'signed-in' },
      schema: {
        tags: ['obm'],
        summary: 'Record a sign-in',
        security: [{ bearer: [] }],
        body: bodySchema,
        response: { 201: z.object({}) },
      },
    },
    async (request, reply) => {
      await recordLogin(app.db, request.session!, request.body);
      return reply.status(201).send({});
    },
  );
};
