import * as notifications from './notifications.ts';

/**
 * What each webhook endpoint of the notifications service answers (issue 23), one schema an endpoint: the
 * server can declare them as its routes' responses, and the web client parses the answers with them.
 */
export const WEBHOOK_ANSWERS = {
  /** GET /v1/webhooks */
  list: notifications.webhookListSchema,
  /** GET /v1/webhooks/{id}; PATCH without `rotateSecret` */
  webhook: notifications.webhookSchema,
  /** POST /v1/webhooks (201); PATCH with `rotateSecret`: the secret, shown once */
  withSecret: notifications.webhookWithSecretSchema,
  /** POST /v1/webhooks/{id}/test */
  testResult: notifications.webhookTestResultSchema,
  /** GET /v1/webhooks/{id}/deliveries */
  deliveries: notifications.webhookDeliveryListSchema,
} as const;
