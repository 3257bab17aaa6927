import { memberSchema, meSchema, updateUserSchema } from '@portal/contracts/reseller';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readProfile, updateMember } from '../../domain/members/profile.ts';
import { idParam, security, tags } from './params.ts';

/** The caller's profile, and a member's name (SPEC §7 reseller). */
export async function profileRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const memberDeps = { db: app.db, identity: app.identityAdmin, userPoolId: app.config.COGNITO_USER_POOL_ID };

  app.get(
    '/v1/me',
    {
      // The one route a member held back by the company's two-step policy may call (decision 0027).
      config: { caller: 'session', beforeMfaSetup: true },
      schema: { tags, security, response: { 200: meSchema } },
    },
    async (request) => {
      const { caller } = request;
      const [me, factors] = await Promise.all([
        readProfile(app.db, caller.userId),
        app.memberFactors.read(caller.email),
      ]);
      return { ...me, mfa: { ...factors, required: caller.requireMfa } };
    },
  );

  app.patch(
    '/v1/users/:id',
    {
      config: { caller: 'session' },
      schema: {
        tags,
        security,
        params: z.object({ id: idParam }),
        body: updateUserSchema,
        response: { 200: memberSchema },
      },
    },
    async (request) => updateMember(memberDeps, request.caller, request.params.id, request.body),
  );
}
