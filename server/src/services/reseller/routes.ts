import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  companyInfoSchema,
  companyTokenRequestSchema,
  createMemberSchema,
  memberListSchema,
  memberSchema,
  meSchema,
  tokenResponseSchema,
  updateCompanyInfoSchema,
  updateUserSchema,
} from '@portal/contracts/reseller';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { isUuid, tenantIssuer } from '../../auth/tenant-auth.ts';
import { issueTenantToken } from '../../auth/tenant-tokens.ts';
import { writeAudit } from '../../domain/audit/audit-log.ts';
import { readCompanyInfo } from '../../domain/companies/company-info.ts';
import { forbidden, notFound } from '../../domain/errors.ts';
import {
  assertOwnCompany,
  assertOwner,
  createMember,
  deleteMember,
  listMembers,
  transferOwnership,
} from '../../domain/members/members.ts';
import { loadCaller } from './caller.ts';

const idParam = z.string().min(1).max(64);
const security = [{ bearer: [] }];
const tags = ['reseller'];

/** The session-token routes of the main reseller backend (SPEC §7). */
export async function resellerRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const memberDeps = { db: app.db, identity: app.identityAdmin, userPoolId: app.config.COGNITO_USER_POOL_ID };

  app.get(
    '/v1/companies/info',
    { schema: { tags, security, response: { 200: companyInfoSchema } } },
    async (request) => readCompanyInfo(app.db, await loadCaller(app, request)),
  );

  app.patch(
    '/v1/companies/info',
    { schema: { tags, security, body: updateCompanyInfoSchema, response: { 200: companyInfoSchema } } },
    async (request) => {
      const caller = await loadCaller(app, request);
      assertOwner(caller);
      const name = request.body.name.trim();
      await app.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('companies')
          .set({ name })
          .where('id', '=', caller.companyId)
          .where('owner_user_id', '=', caller.userId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw forbidden('Only the company owner can do this.');
        await writeAudit(trx, {
          actorUserId: caller.userId,
          companyId: caller.companyId,
          action: 'company.update',
          targetType: 'company',
          targetId: caller.companyId,
          details: { name },
        });
      });
      return readCompanyInfo(app.db, caller);
    },
  );

  app.get('/v1/me', { schema: { tags, security, response: { 200: meSchema } } }, async (request) => {
    const caller = await loadCaller(app, request);
    const user = await app.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'locale', 'company_id', 'welcome_video_seen_at'])
      .where('id', '=', caller.userId)
      .executeTakeFirstOrThrow();
    return {
      profile: {
        userId: user.id,
        name: user.name,
        email: user.email,
        locale: user.locale,
        companyId: user.company_id,
        welcomeVideoSeen: user.welcome_video_seen_at !== null,
      },
    };
  });

  app.patch(
    '/v1/users/:id',
    {
      schema: {
        tags,
        security,
        params: z.object({ id: idParam }),
        body: updateUserSchema,
        response: { 200: memberSchema },
      },
    },
    async (request) => {
      const caller = await loadCaller(app, request);
      const { id } = request.params;
      if (!isUuid(id)) throw notFound('Member not found');
      const self = id === caller.userId;
      // A member renames themself; the owner may rename any member of the company.
      if (!self && !caller.isOwner) throw notFound('Member not found');
      if (!self && (request.body.locale || request.body.welcomeVideoSeen)) throw notFound('Member not found');
      const { name, locale, welcomeVideoSeen } = request.body;
      if (locale) {
        // The identity pool mails the reset code and temporary passwords in its `locale` attribute: keep it the
        // language the user chose, like the profile. Outside the transaction, as in members.ts.
        const me = await app.db
          .selectFrom('users')
          .select('email')
          .where('id', '=', caller.userId)
          .executeTakeFirstOrThrow();
        await app.identityAdmin.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: app.config.COGNITO_USER_POOL_ID,
            Username: me.email,
            UserAttributes: [{ Name: 'locale', Value: locale }],
          }),
        );
      }
      const updated = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('users')
          .set({
            ...(name !== undefined ? { name: name.trim() } : {}),
            ...(locale ? { locale } : {}),
            ...(welcomeVideoSeen ? { welcome_video_seen_at: new Date() } : {}),
          })
          .where('id', '=', id)
          .where('company_id', '=', caller.companyId)
          .returning(['id', 'name', 'email'])
          .executeTakeFirst();
        if (!row) throw notFound('Member not found');
        if (name !== undefined) {
          await writeAudit(trx, {
            actorUserId: caller.userId,
            companyId: caller.companyId,
            action: 'user.rename',
            targetType: 'user',
            targetId: id,
            details: { name: row.name },
          });
        }
        return row;
      });
      return { userId: updated.id, name: updated.name, email: updated.email };
    },
  );

  const companyParams = z.object({ companyId: idParam });
  const memberParams = z.object({ companyId: idParam, id: idParam });

  app.get(
    '/v1/companies/:companyId/users',
    { schema: { tags, security, params: companyParams, response: { 200: memberListSchema } } },
    async (request) => {
      const caller = await loadCaller(app, request);
      assertOwnCompany(caller, request.params.companyId);
      return { items: await listMembers(app.db, caller.companyId) };
    },
  );

  app.post(
    '/v1/companies/:companyId/users',
    {
      schema: {
        tags,
        security,
        params: companyParams,
        body: createMemberSchema,
        response: { 201: memberSchema },
      },
    },
    async (request, reply) => {
      const caller = await loadCaller(app, request);
      assertOwnCompany(caller, request.params.companyId);
      assertOwner(caller);
      const owner = await app.db
        .selectFrom('users')
        .select('locale')
        .where('id', '=', caller.userId)
        .executeTakeFirst();
      const member = await createMember(memberDeps, caller, {
        email: request.body.email,
        name: request.body.name.trim(),
        locale: owner?.locale ?? 'en',
      });
      return reply.status(201).send(member);
    },
  );

  app.delete(
    '/v1/companies/:companyId/users/:id',
    { schema: { tags, security, params: memberParams } },
    async (request, reply) => {
      const caller = await loadCaller(app, request);
      assertOwnCompany(caller, request.params.companyId);
      assertOwner(caller);
      if (!isUuid(request.params.id)) throw notFound('Member not found');
      await deleteMember(memberDeps, caller, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/v1/companies/:companyId/users/:id/owner',
    { schema: { tags, security, params: memberParams } },
    async (request, reply) => {
      const caller = await loadCaller(app, request);
      assertOwnCompany(caller, request.params.companyId);
      assertOwner(caller);
      if (!isUuid(request.params.id)) throw notFound('Member not found');
      await transferOwnership(app.db, caller, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/vortextoken',
    { schema: { tags, security, body: companyTokenRequestSchema, response: { 200: tokenResponseSchema } } },
    async (request) => {
      const caller = await loadCaller(app, request);
      assertOwnCompany(caller, request.body.companyId);
      return issueTenantToken(app.db, tenantIssuer(app.config.PUBLIC_URL), {
        kind: 'company',
        sub: caller.userId,
        companyId: caller.companyId,
        originJti: request.session?.originJti ?? null,
        role: caller.role,
      });
    },
  );

  app.post(
    '/v1/organizations/:orgId/vsaas-token',
    {
      config: { access: DEALER_ONLY },
      schema: {
        tags,
        security,
        params: z.object({ orgId: idParam }),
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => {
      const caller = await loadCaller(app, request);
      const { orgId } = request.params;
      if (!isUuid(orgId)) throw notFound('Organization not found');
      const org = await app.db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', orgId)
        .where('company_id', '=', caller.companyId)
        .executeTakeFirst();
      if (!org) throw notFound('Organization not found');
      return issueTenantToken(app.db, tenantIssuer(app.config.PUBLIC_URL), {
        kind: 'organization',
        sub: caller.userId,
        companyId: caller.companyId,
        originJti: request.session?.originJti ?? null,
        orgId: org.id,
      });
    },
  );
}
