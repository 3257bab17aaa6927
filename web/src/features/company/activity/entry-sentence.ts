import { AUDIT_ACTIONS, type AuditEntry } from '@portal/contracts/audit';
import type { TFunction } from 'i18next';

/** Every action the portal records has a sentence of its own (activity.sentences.*); an action of an older
 * portal reads "actor: action target". */
const KNOWN = new Set<string>(AUDIT_ACTIONS);

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
