import type {
  CreateWebhook,
  NotificationRuleInput,
  SubscriptionInput,
  UpdateWebhook,
} from '@portal/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createNotificationRule,
  createWebhook,
  deleteNotificationRule,
  deleteWebhook,
  saveSubscription,
  testWebhook,
  updateCompanyTimeZone,
  updateNotificationRule,
  updateWebhook,
} from '@/shared/api/notifications.ts';
import { notificationKeys } from '@/shared/api/query-keys.ts';

// Every form and dialog says what failed itself, in the user's language.
const meta = { hideNotification: true } as const;

export function useSaveSubscription() {
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: SubscriptionInput) => saveSubscription(input),
    onSuccess: (saved) => client.setQueryData(notificationKeys.subscription(), saved),
  });
}

export function useUpdateTimeZone() {
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: updateCompanyTimeZone,
    onSuccess: (settings) => client.setQueryData(notificationKeys.settings(), settings),
  });
}

export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: ({ id, input }: { id: string | null; input: NotificationRuleInput }) =>
      id ? updateNotificationRule(id, input) : createNotificationRule(input),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.settings() }),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: deleteNotificationRule,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.settings() }),
  });
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: CreateWebhook) => createWebhook(input),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.webhooks() }),
  });
}

export function useUpdateWebhook(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: UpdateWebhook) => updateWebhook(id, input),
    onSuccess: (webhook) => {
      const { secret: _secret, ...stored } = webhook as typeof webhook & { secret?: string };
      client.setQueryData(notificationKeys.webhook(id), stored);
      return client.invalidateQueries({ queryKey: notificationKeys.webhooks() });
    },
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: deleteWebhook,
    onSuccess: (_void, id) => {
      client.removeQueries({ queryKey: notificationKeys.webhook(id) });
      return client.invalidateQueries({ queryKey: notificationKeys.webhooks() });
    },
  });
}

/** Sends a test; the delivery log and the webhook's last delivery are read again afterwards. */
export function useTestWebhook(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: () => testWebhook(id),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: notificationKeys.deliveries(id) }),
        client.invalidateQueries({ queryKey: notificationKeys.webhook(id), exact: true }),
        client.invalidateQueries({ queryKey: notificationKeys.webhooks() }),
      ]),
  });
}
