import type { RemoteAccessDeps } from './deps.ts';
import { customerMailContext, formatUtc } from './mail.ts';

const DAY_MS = 86_400_000;

/**
 * Decision 0009: tells a customer's previous contact e-mail that the dealer changed it, and until when
 * approval requests still come to it. Sent after the change is saved; a failed notice is logged, not
 * undone: the settle period, not the notice, is what keeps a dealer from approving its own request.
 */
export async function sendContactChangeNotice(
  deps: RemoteAccessDeps,
  change: { organizationId: string; from: string; to: string; userId: string; at: Date },
): Promise<void> {
  if (!change.from) return;
  try {
    const row = await customerMailContext(deps, change.organizationId, change.userId);
    const settle = deps.config.REMOTE_ACCESS_CONTACT_SETTLE_DAYS * DAY_MS;
    await deps.mail.send({
      to: change.from,
      locale: row.locale,
      template: 'contact-email-changed',
      brand: row.vendor,
      params: {
        dealer: row.dealer,
        organization: row.name,
        newEmail: change.to || '—',
        settleDate: formatUtc(new Date(change.at.getTime() + settle)),
      },
    });
  } catch (error) {
    deps.log.error({ err: error }, 'contact e-mail change notice failed');
  }
}
