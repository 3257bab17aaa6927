import { i18n } from '@/shared/i18n/i18n.ts';
import { notificationFor } from './error-notification.ts';
import { toast } from './toast.ts';

/** Shows an uncaught error to the user according to the notification policy. */
export function reportError(error: unknown): void {
  const notification = notificationFor(error);
  if (!notification) return;
  toast.error('key' in notification ? i18n.t(notification.key, notification.values) : notification.text);
}
