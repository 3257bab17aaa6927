import { WEBHOOK_API } from '@portal/contracts/webhook-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEALER_SETTINGS } from '../../auth/access-rule.ts';
import { assertOwner } from '../../domain/members/members.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
} from '../../domain/notifications/webhooks/repository.ts';
import { dispatchSettings } from '../../domain/notifications/webhooks/settings.ts';
import { testDelivery } from './test-delivery.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const config = { caller: 'session', access: DEALER_SETTINGS } as const;
const params = z.object({ id: z.string().min(1).max(64) });
const deliveriesQuery = z.object({ cursor: z.string().max(200).optional() });

const PAYLOAD_DOC = `Deliveries are POSTed as JSON and signed per Standard Webhooks (headers webhook-id, webhook-timestamp,
webhook-signature "v1,<base64 HMAC-SHA256 of id.timestamp.body>"; during a rotation's 24 h grace a second
v1 signature made with the previous secret follows, space-separated). Events: incident.opened (also a reopened
incident), incident.resolved, webhook.test. Default body:
{"type":"incident.opened","timestamp":"<event time>","data":{"incident":{"id","category","type","startedAt",
"resolvedAt","affectedDevices","url"},"customer":{"id","name"},"site":{"id","name"}|null,
"device":{"id","name","type"}|null}}. A template is a JSON object whose {{path}} placeholders name values of
that object (type, timestamp, incident.type, customer.name, device.name, ...): JSON-escaped inside strings,
JSON values elsewhere. 2xx is success; anything else, a redirect, or no answer within 10 s is retried with the
same webhook-id, backing off exponentially, for 24 h; 20 failures in a row disable the webhook. See docs/webhooks.md in the repository.`;

/** Partner webhooks (issue 15 items 5–8): members read, the owner changes. */
export async function webhookRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const sendTest = testDelivery(app.db, dispatchSettings(app.config));

  app.get(
    '/v1/webhooks',
    {
      config,
      schema: { tags, security, description: PAYLOAD_DOC, response: { 200: WEBHOOK_API.list.answer } },
    },
    async (request) => ({ items: await listWebhooks(app.db, request.caller.companyId) }),
  );

  app.post(
    '/v1/webhooks',
    {
      config,
      schema: {
        tags,
        security,
        description: `Creates a webhook; the answer shows its secret once. ${PAYLOAD_DOC}`,
        body: WEBHOOK_API.create.body,
        response: { 201: WEBHOOK_API.create.answer },
      },
    },
    async (request, reply) => {
      assertOwner(request.caller);
      const limits = { maxPerCompany: app.config.WEBHOOKS_PER_COMPANY };
      return reply.status(201).send(await createWebhook(app.db, request.caller, request.body, limits));
    },
  );

  app.get(
    '/v1/webhooks/:id',
    { config, schema: { tags, security, params, response: { 200: WEBHOOK_API.one.answer } } },
    async (request) => getWebhook(app.db, request.caller.companyId, request.params.id),
  );

  app.patch(
    '/v1/webhooks/:id',
    {
      config,
      schema: {
        tags,
        security,
        description: 'Changes a webhook. `rotateSecret: true` answers the new secret, once.',
        params,
        body: WEBHOOK_API.update.body,
        response: { 200: WEBHOOK_API.update.answer },
      },
    },
    async (request) => {
      assertOwner(request.caller);
      return updateWebhook(app.db, request.caller, request.params.id, request.body);
    },
  );

  app.delete('/v1/webhooks/:id', { config, schema: { tags, security, params } }, async (request, reply) => {
    assertOwner(request.caller);
    await deleteWebhook(app.db, request.caller, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/v1/webhooks/:id/test',
    {
      config,
      schema: {
        tags,
        security,
        description:
          'Sends one webhook.test delivery now and answers the attempt (also in the deliveries log); one test per webhook every WEBHOOK_TEST_INTERVAL_SECONDS (else 429).',
        params,
        response: { 200: WEBHOOK_API.test.answer },
      },
    },
    async (request) => {
      assertOwner(request.caller);
      return sendTest(request.caller.companyId, request.params.id);
    },
  );

  app.get(
    '/v1/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        security,
        description: 'Every attempt, newest first; pass next_cursor back as cursor for the next page.',
        params,
        querystring: deliveriesQuery,
        response: { 200: WEBHOOK_API.deliveries.answer },
      },
    },
    async (request) =>
      listDeliveries(app.db, request.caller.companyId, request.params.id, request.query.cursor),
  );
}
