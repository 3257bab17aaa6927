import { z } from 'zod';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSchema,
  webhookTestResultSchema,
  webhookWithSecretSchema,
} from './notifications.ts';

/**
 * The partner-webhook endpoints of the notifications service (issue 15 items 5–8), each with what it takes
 * and what it answers: the server validates and serialises with these, the web app sends and parses with
 * them, so an endpoint's schemas are named once for both sides.
 */
export const WEBHOOK_API = {
  list: { answer: webhookListSchema },
  one: { answer: webhookSchema },
  /** The answer shows the new webhook's secret, once. */
  create: { body: createWebhookSchema, answer: webhookWithSecretSchema },
  /** With `rotateSecret: true` the answer shows the new secret, once. */
  update: { body: updateWebhookSchema, answer: z.union([webhookWithSecretSchema, webhookSchema]) },
  test: { answer: webhookTestResultSchema },
  deliveries: { answer: webhookDeliveryListSchema },
} as const;
