import { createMemberSchema, memberListSchema, memberSchema } from '@portal/contracts/reseller';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assertOwnCompany,
  assertOwner,
  createMember,
  deleteMember,
  listMembers,
  transferOwnership,
} from '../../domain/members/members.ts';
import { resetMemberFactors } from '../../domain/members/reset-factors.ts';
import { idParam, security, tags } from './params.ts';

const companyParams = z.object({ companyId: idParam });
const memberParams = z.object({ companyId: idParam, id: idParam });

/** The members of the caller's company (SPEC §7 reseller, §4 members and owner transfer). */
export async function memberRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const memberDeps = { db: app.db, identity: app.identityAdmin, userPoolId: app.config.COGNITO_USER_POOL_ID };

  app.get(
    '/v1/companies/:companyId/users',
    {
      config: { caller: 'session' },
      schema: { tags, security, params: companyParams, response: { 200: memberListSchema } },
    },
    async (request) => {
      assertOwnCompany(request.caller, request.params.companyId);
      const members = await listMembers(app.db, request.caller.companyId);
      // One admin read per member, side by side: companies have a handful of members (decision 0027).
      const items = await Promise.all(
        members.map(async (member) => ({
          ...member,
          mfaEnabled: (await app.memberFactors.read(member.email)).enabled,
        })),
      );
      return { items };
    },
  );

  app.post(
    '/v1/companies/:companyId/users',
    {
      config: { caller: 'session' },
      schema: {
        tags,
        security,
        params: companyParams,
        body: createMemberSchema,
        response: { 201: memberSchema },
      },
    },
    async (request, reply) => {
      const { caller } = request;
      assertOwnCompany(caller, request.params.companyId);
      assertOwner(caller);
      const member = await createMember(memberDeps, caller, {
        email: request.body.email,
        name: request.body.name.trim(),
        // The new member's mails start in the owner's language.
        locale: caller.locale,
      });
      return reply.status(201).send(member);
    },
  );

  app.delete(
    '/v1/companies/:companyId/users/:id',
    { config: { caller: 'session' }, schema: { tags, security, params: memberParams } },
    async (request, reply) => {
      assertOwnCompany(request.caller, request.params.companyId);
      assertOwner(request.caller);
      await deleteMember(memberDeps, request.caller, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/v1/companies/:companyId/users/:id/owner',
    { config: { caller: 'session' }, schema: { tags, security, params: memberParams } },
    async (request, reply) => {
      assertOwnCompany(request.caller, request.params.companyId);
      assertOwner(request.caller);
      await transferOwnership(app.db, request.caller, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/v1/companies/:companyId/users/:id/reset-mfa',
    { config: { caller: 'session' }, schema: { tags, security, params: memberParams } },
    async (request, reply) => {
      assertOwnCompany(request.caller, request.params.companyId);
      assertOwner(request.caller);
      await resetMemberFactors(
        { ...memberDeps, factors: app.memberFactors },
        request.caller,
        request.params.id,
      );
      return reply.status(204).send();
    },
  );
}
