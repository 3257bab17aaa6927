import type { AuditEntry } from '@portal/contracts/audit';
import type { TFunction } from 'i18next';

/** Actions with a sentence of their own (activity.sentences.*); any other reads "actor · action · target". */
export const SENTENCE_ACTIONS = [
  'user.sign-in',
  'user.sign-in.failure',
  'user.sign-out',
  'user.password.change',
  'user.password.reset',
  'user.mfa.update',
  'user.passkey.add',
  'user.passkey.delete',
  'user.rename',
  'member.create',
  'member.delete',
  'member.mfa.reset',
  'company.create',
  'company.update',
  'company.security.update',
  'company.owner.transfer',
  'organization.metadata.update',
  'remote-access.request',
  'remote-access.approve',
  'remote-access.deny',
  'remote-access.abort',
  'remote-access.expire',
  'partner.view',
  'incident.acknowledge',
  'device.mute',
  'device.unmute',
  'webhook.create',
  'webhook.update',
  'webhook.rotate-secret',
  'webhook.delete',
  'webhook.disable',
  'notifications.settings.update',
  'notifications.rule.create',
  'notifications.rule.update',
  'notifications.rule.delete',
  'notifications.subscription.update',
  'notifications.subscription.unsubscribe',
  'api-key.create',
  'api-key.revoke',
] as const;

const KNOWN = new Set<string>(SENTENCE_ACTIONS);

/** Who did it, as a reader names them: a member's name (or e-mail), a contact's e-mail, an API key's name. */
export function actorName(entry: AuditEntry, t: TFunction): string {
  const { actor } = entry;
  if (actor.type === 'company') return t('activity.actor.company');
  if (actor.type === 'api-key') return t('activity.actor.apiKey', { name: actor.name ?? actor.id ?? '' });
  if (actor.type === 'contact') return t('activity.actor.contact', { email: actor.email ?? '' });
  return actor.name || actor.email || t('activity.actor.unknown');
}

/** One readable sentence per entry: "Olivia Bennett requested remote access to Maggio LLC". */
export function entrySentence(entry: AuditEntry, t: TFunction): string {
  const values = {
    actor: actorName(entry, t),
    target: entry.target.name || entry.target.id || '',
    customer: entry.organizationName ?? '',
    action: entry.action,
    interpolation: { escapeValue: false },
  };
  const key = KNOWN.has(entry.action) ? entry.action : 'other';
  return t(`activity.sentences.${key}`, values);
}
