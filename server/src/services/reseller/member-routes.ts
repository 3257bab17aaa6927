import { createMemberSchema, memberListSchema, memberSchema } from '@portal/contracts/reseller';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Caller } from '../../domain/members/caller.ts';
import { createMember, deleteMember, listMembers, transferOwnership } from '../../domain/members/members.ts';
import { resetMemberFactors } from '../../domain/members/reset-factors.ts';
import { onOwnCompany, onOwnCompanyThing } from './params.ts';

/** The members of the caller's company (SPEC §7 reseller, §4 members and owner transfer). */
export async function memberRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const memberDeps = { db: app.db, identity: app.identityAdmin, userPoolId: app.config.COGNITO_USER_POOL_ID };

  app.get(
    '/v1/companies/:companyId/users',
    onOwnCompany('members', { response: { 200: memberListSchema } }),
    async (request) => {
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
    onOwnCompany('owner', { body: createMemberSchema, response: { 201: memberSchema } }),
    async (request, reply) => {
      const { caller } = request;
      const member = await createMember(memberDeps, caller, {
        email: request.body.email,
        // As validated (profileNameSchema refuses every space, so there is nothing to trim).
        name: request.body.name,
        // The new member's mails start in the owner's language.
        locale: caller.locale,
      });
      return reply.status(201).send(member);
    },
  );

  /** The owner's change to one member (`:id`) of the company, answered 204. */
  const memberChange = (
    method: 'DELETE' | 'POST',
    url: string,
    change: (caller: Caller, memberId: string) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url,
      ...onOwnCompanyThing('owner'),
      handler: async (request, reply) => {
        await change(request.caller, request.params.id);
        return reply.status(204).send();
      },
    });

  memberChange('DELETE', '/v1/companies/:companyId/users/:id', (caller, id) =>
    deleteMember(memberDeps, caller, id),
  );
  memberChange('POST', '/v1/companies/:companyId/users/:id/owner', (caller, id) =>
    transferOwnership(app.db, caller, id),
  );
  memberChange('POST', '/v1/companies/:companyId/users/:id/reset-mfa', (caller, id) =>
    resetMemberFactors({ ...memberDeps, factors: app.memberFactors }, caller, id),
  );
}
