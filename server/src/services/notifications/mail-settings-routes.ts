import {
  companyNotificationSettingsInputSchema,
  notificationRuleInputSchema,
  notificationRuleSchema,
  notificationSettingsSchema,
  subscriptionInputSchema,
  subscriptionSchema,
  updateNotificationRuleSchema,
} from '@portal/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEALER_SETTINGS } from '../../auth/access-rule.ts';
import { assertOwner } from '../../domain/members/members.ts';
import {
  createRule,
  deleteRule,
  readSettings,
  readSubscription,
  saveSubscription,
  updateRule,
  updateTimeZone,
} from '../../domain/notifications/mail/settings.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const config = { caller: 'session', access: DEALER_SETTINGS } as const;
const ruleParams = z.object({ id: z.uuid() });

/** The company's mail settings and rules (owner changes them) and each member's own subscription. */
export async function mailSettingsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/settings',
    { config, schema: { tags, security, response: { 200: notificationSettingsSchema } } },
    async (request) => readSettings(app.db, request.caller.companyId),
  );

  app.patch(
    '/v1/settings',
    {
      config,
      schema: {
        tags,
        security,
        body: companyNotificationSettingsInputSchema.strict(),
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => {
      assertOwner(request.caller);
      await updateTimeZone(app.db, request.caller, request.body.timeZone);
      return readSettings(app.db, request.caller.companyId);
    },
  );

  app.post(
    '/v1/rules',
    {
      config,
      schema: {
        tags,
        security,
        body: notificationRuleInputSchema.strict(),
        response: { 201: notificationRuleSchema },
      },
    },
    async (request, reply) => {
      assertOwner(request.caller);
      return reply.status(201).send(await createRule(app.db, request.caller, request.body));
    },
  );

  app.patch(
    '/v1/rules/:id',
    {
      config,
      schema: {
        tags,
        security,
        params: ruleParams,
        body: updateNotificationRuleSchema,
        response: { 200: notificationRuleSchema },
      },
    },
    async (request) => {
      assertOwner(request.caller);
      return updateRule(app.db, request.caller, request.params.id, request.body);
    },
  );

  app.delete(
    '/v1/rules/:id',
    { config, schema: { tags, security, params: ruleParams } },
    async (request, reply) => {
      assertOwner(request.caller);
      await deleteRule(app.db, request.caller, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/v1/subscription',
    { config, schema: { tags, security, response: { 200: subscriptionSchema } } },
    async (request) => readSubscription(app.db, request.caller.userId),
  );

  app.put(
    '/v1/subscription',
    {
      config,
      schema: {
        tags,
        security,
        body: subscriptionInputSchema.strict(),
        response: { 200: subscriptionSchema },
      },
    },
    async (request) => saveSubscription(app.db, request.caller, request.body),
  );
}
