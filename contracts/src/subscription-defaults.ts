import type { Subscription } from './notifications.ts';

/**
 * A member's mail subscription until they save one of their own (decision 0020): the server applies it and
 * answers it with `saved: false`.
 */
export const DEFAULT_SUBSCRIPTION: Omit<Subscription, 'saved'> = {
  delivery: 'immediate',
  events: [],
  organizationIds: null,
  reminders: true,
  quietHours: null,
  digestHour: 8,
  timeZone: null,
};
