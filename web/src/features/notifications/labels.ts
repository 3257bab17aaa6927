import { ALERT_CATEGORIES, ALERT_TYPES, type AlertCategory } from '@portal/contracts/devices';
import { NOTIFICATION_MESSAGES } from '@portal/contracts/notifications';
import type { TFunction } from 'i18next';
import { ApiError } from '@/shared/lib/api-error.ts';

type T = TFunction;

/** The incident filters of the contract in display order: each category, then its types. */
export const FILTER_OPTIONS: readonly { value: string; category: AlertCategory; type: string | null }[] =
  ALERT_CATEGORIES.flatMap((category) => [
    { value: category, category, type: null },
    ...ALERT_TYPES[category].map((type) => ({ value: `${category}.${type}`, category, type })),
  ]);

export const categoryLabel = (t: T, category: string) =>
  t(`dashboard.categories.${category}`, { defaultValue: category });

/** 'CAMERA' → 'Every Camera incident'; 'CAMERA.OFFLINE' → the alert wording of SPEC §4. */
export function filterLabel(t: T, filter: string): string {
  const [category = '', type] = filter.split('.');
  if (!type) return t('notifications.events.everyOf', { category: categoryLabel(t, category) });
  return t(`dashboard.alerts.${category}.${type}`, { defaultValue: filter });
}

/** A rule's or webhook's filter list in words ('All incidents' when empty). */
export function filtersSummary(t: T, filters: readonly string[]): string {
  return filters.length === 0
    ? t('notifications.events.all')
    : filters.map((f) => filterLabel(t, f)).join(t('notifications.listSeparator'));
}

export function customersSummary(t: T, organizationIds: readonly string[] | null): string {
  return organizationIds === null
    ? t('notifications.customers.all')
    : t('notifications.customers.count', { count: organizationIds.length });
}

/** Which form field a SPEC §5 message from the server belongs to (the detail may name the field first). */
export function fieldOfServerMessage(detail: string | undefined): 'name' | 'url' | 'template' | undefined {
  if (!detail) return undefined;
  const has = (message: string) => detail === message || detail.endsWith(message);
  if (has(NOTIFICATION_MESSAGES.specialCharacters)) return 'name';
  if (has(NOTIFICATION_MESSAGES.invalidUrl) || has(NOTIFICATION_MESSAGES.ipHostNotAllowed)) return 'url';
  if (has(NOTIFICATION_MESSAGES.invalidJson)) return 'template';
  return undefined;
}

/** The SPEC §5 message inside a server detail ('url: Invalid JSON format.' → 'Invalid JSON format.'). */
export function spec5Message(detail: string | undefined): string | undefined {
  return Object.values(NOTIFICATION_MESSAGES).find((message) => detail?.endsWith(message));
}

/** A failed save in the user's language: the server's message when it has one, else 'Failed to save.'. */
export function saveErrorText(t: T, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('notifications.ownerOnly');
    if (error.messageKey) return t(error.messageKey, error.messageValues);
    if (error.type === 'api' && error.detail) return error.detail;
  }
  return t('notifications.saveFailed');
}
