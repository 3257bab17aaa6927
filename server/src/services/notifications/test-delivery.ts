import type { WebhookDelivery } from '@portal/contracts/notifications';
import type { Kysely } from 'kysely';
import { signedRequest } from '../../domain/notifications/webhooks/due-messages.ts';
import type { DispatchSettings } from '../../domain/notifications/webhooks/settings.ts';
import { openTestMessage, recordTestAttempt } from '../../domain/notifications/webhooks/test-delivery.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { createWebhookSender } from '../../infrastructure/webhooks/http-sender.ts';

/**
 * `POST …/webhooks/{id}/test`: the outbox's steps in the request (decision 0019) — a `webhook.test` message,
 * one attempt through the HTTP sender, its record — without a job, a retry or a failure that counts.
 */
export function testDelivery(db: Kysely<DB>, settings: DispatchSettings) {
  const send = createWebhookSender(settings);
  return async (companyId: string, webhookId: string): Promise<WebhookDelivery> => {
    const message = await openTestMessage(db, settings, companyId, webhookId);
    const result = await send(await signedRequest(db, message));
    return recordTestAttempt(db, message, result);
  };
}
