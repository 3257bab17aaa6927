import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden } from '../../domain/errors.ts';

const MAX_CLOCK_DIFFERENCE_MS = 24 * 3600 * 1000;

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
      onRequest: app.authenticateSession,
      schema: {
        tags: ['obm'],
        summary: 'Record a sign-in',
        security: [{ bearer: [] }],
        body: bodySchema,
        response: { 201: z.object({}) },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const { email, region, timestamp } = request.body;
      const own =
        session.email ??
        (
          await app.db
            .selectFrom('identity_users')
            .select('email')
            .where('username', '=', session.username)
            .executeTakeFirst()
        )?.email;
      if (own && own.toLowerCase() !== email.toLowerCase())
        throw forbidden('Login records are for your own account.');
      const at = new Date(typeof timestamp === 'number' ? timestamp : Date.parse(timestamp));
      if (Number.isNaN(at.getTime()) || Math.abs(at.getTime() - Date.now()) > MAX_CLOCK_DIFFERENCE_MS) {
        throw badRequest('timestamp: must be the time of the sign-in');
      }
      await app.db.insertInto('login_records').values({ email: email.toLowerCase(), region, at }).execute();
      return reply.status(201).send({});
    },
  );
};
