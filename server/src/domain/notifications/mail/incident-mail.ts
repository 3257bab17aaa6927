import { NOTIFICATIONS_PREFIX } from '@portal/contracts/notifications';
import type { Kysely } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { IncidentMailLine, IncidentMailPayload, IncidentMailState } from './mail-template.ts';
import { issueUnsubscribeToken } from './unsubscribe-token.ts';

/** One incident mail decided on (a bundle, a reminder, a digest): to whom, which, with what. */
export interface IncidentMail {
  to: { id: string; email: string; locale: string };
  template: 'incident-bundle' | 'incident-reminder' | 'incident-digest';
  payload: Omit<IncidentMailPayload, 'portalUrl' | 'unsubscribeUrl'>;
}

export async function unsubscribeUrl(db: Kysely<DB>, portalUrl: string, userId: string): Promise<string> {
  const token = await issueUnsubscribeToken(db, userId);
  return `${portalUrl}${NOTIFICATIONS_PREFIX}/v1/unsubscribe?token=${token}`;
}

/** The message the mailer sends: the payload with the portal's links and RFC 2369/8058 unsubscribe headers. */
export async function incidentMailMessage(
  db: Kysely<DB>,
  portalUrl: string,
  mail: IncidentMail,
): Promise<MailMessage> {
  const url = await unsubscribeUrl(db, portalUrl, mail.to.id);
  const full: IncidentMailPayload = { ...mail.payload, portalUrl, unsubscribeUrl: url };
  return {
    to: mail.to.email,
    locale: mail.to.locale,
    template: mail.template,
    params: { payload: JSON.stringify(full) },
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** An incident with its device, customer and site, as the mail queries read it. */
export interface IncidentLineRow {
  id: string;
  category: string;
  alert_type: string;
  started_at: Date;
  device_name: string | null;
  organization_name: string;
  site_name: string | null;
}

/** An incident as a line of a mail, in `state`. */
export const toLine = (row: IncidentLineRow, state: IncidentMailState = 'open'): IncidentMailLine => ({
  id: row.id,
  device: row.device_name,
  customer: row.organization_name,
  site: row.site_name,
  category: row.category,
  type: row.alert_type,
  since: new Date(row.started_at).toISOString(),
  state,
});
