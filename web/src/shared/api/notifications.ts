import {
  type CreateWebhook,
  type NotificationRule,
  type NotificationRuleInput,
  type NotificationSettings,
  notificationRuleSchema,
  notificationSettingsSchema,
  type Subscription,
  type SubscriptionInput,
  subscriptionSchema,
  type UpdateWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookWithSecret,
} from '@portal/contracts/notifications';
import { WEBHOOK_API } from '@portal/contracts/webhook-api';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { notificationsApi, segment } from './clients.ts';
import { notificationKeys } from './query-keys.ts';

/**
 * The notifications service (issue 15, session token): the company's mail settings and rules, the caller's
 * own subscription, and partner webhooks. Every member reads; only the owner changes (members get 403),
 * except the subscription, which is each member's own.
 */

// ---- Mail settings ----

/** GET /v1/settings: the company's time zone, its rules, and whether the default rule applies. */
export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return notificationSettingsSchema.parse(await notificationsApi('/v1/settings', { signal }));
}

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });

/** PATCH /v1/settings {timeZone} (owner). */
export async function updateCompanyTimeZone(timeZone: string): Promise<NotificationSettings> {
  return notificationSettingsSchema.parse(
    await notificationsApi('/v1/settings', { method: 'PATCH', body: { timeZone } }),
  );
}

/** POST /v1/rules (owner, 201). */
export async function createNotificationRule(input: NotificationRuleInput): Promise<NotificationRule> {
  return notificationRuleSchema.parse(await notificationsApi('/v1/rules', { method: 'POST', body: input }));
}

/** PATCH /v1/rules/{id} (owner). */
export async function updateNotificationRule(
  id: string,
  input: Partial<NotificationRuleInput>,
): Promise<NotificationRule> {
  return notificationRuleSchema.parse(
    await notificationsApi(`/v1/rules/${segment(id)}`, { method: 'PATCH', body: input }),
  );
}

/** DELETE /v1/rules/{id} (owner). */
export async function deleteNotificationRule(id: string): Promise<void> {
  await notificationsApi(`/v1/rules/${segment(id)}`, { method: 'DELETE' });
}

/** GET /v1/subscription: the caller's own (the defaults while never saved). */
export async function getSubscription(signal?: AbortSignal): Promise<Subscription> {
  return subscriptionSchema.parse(await notificationsApi('/v1/subscription', { signal }));
}

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: notificationKeys.subscription(),
    queryFn: ({ signal }) => getSubscription(signal),
  });

/** PUT /v1/subscription: replaces the caller's own. */
export async function saveSubscription(input: SubscriptionInput): Promise<Subscription> {
  return subscriptionSchema.parse(await notificationsApi('/v1/subscription', { method: 'PUT', body: input }));
}

// ---- Webhooks ----

/** GET /v1/webhooks */
export async function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return WEBHOOK_API.list.answer.parse(await notificationsApi('/v1/webhooks', { signal })).items;
}

export const webhooksQuery = () =>
  queryOptions({ queryKey: notificationKeys.webhooks(), queryFn: ({ signal }) => getWebhooks(signal) });

/** GET /v1/webhooks/{id} */
export async function getWebhook(id: string, signal?: AbortSignal): Promise<Webhook> {
  return WEBHOOK_API.one.answer.parse(await notificationsApi(`/v1/webhooks/${segment(id)}`, { signal }));
}

export const webhookQuery = (id: string) =>
  queryOptions({ queryKey: notificationKeys.webhook(id), queryFn: ({ signal }) => getWebhook(id, signal) });

/** POST /v1/webhooks (owner, 201): the answer carries the secret, once. */
export async function createWebhook(input: CreateWebhook): Promise<WebhookWithSecret> {
  return WEBHOOK_API.create.answer.parse(
    await notificationsApi('/v1/webhooks', { method: 'POST', body: input }),
  );
}

/** PATCH /v1/webhooks/{id} (owner); with `rotateSecret` the answer carries the new secret, once. */
export async function updateWebhook(id: string, input: UpdateWebhook): Promise<Webhook | WebhookWithSecret> {
  const answer = await notificationsApi(`/v1/webhooks/${segment(id)}`, { method: 'PATCH', body: input });
  return WEBHOOK_API.update.answer.parse(answer);
}

/** DELETE /v1/webhooks/{id} (owner). */
export async function deleteWebhook(id: string): Promise<void> {
  await notificationsApi(`/v1/webhooks/${segment(id)}`, { method: 'DELETE' });
}

/** POST /v1/webhooks/{id}/test (owner): the test attempt as made. */
export async function testWebhook(id: string): Promise<WebhookDelivery> {
  return WEBHOOK_API.test.answer.parse(
    await notificationsApi(`/v1/webhooks/${segment(id)}/test`, { method: 'POST' }),
  );
}

/** GET /v1/webhooks/{id}/deliveries?cursor=: newest first, page after page. */
export const webhookDeliveriesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.deliveries(id),
    queryFn: async ({ pageParam, signal }) =>
      WEBHOOK_API.deliveries.answer.parse(
        await notificationsApi(`/v1/webhooks/${segment(id)}/deliveries`, {
          query: { cursor: pageParam ?? undefined },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
