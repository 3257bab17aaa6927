import { randomUUID } from 'node:crypto';
import type { BrandId } from '@portal/contracts/brands';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../../infrastructure/config/config.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { createSmtpTransport, type MailTransport } from '../../infrastructure/mail/smtp-transport.ts';
import { noRecorder, type OperationsRecorder } from '../../infrastructure/observability/recorder.ts';
import { type MailTemplate, mailLocale, type RenderedMail, renderMail } from './templates.ts';

export interface MailMessage {
  to: string;
  /** The recipient's language; unknown values fall back to English. */
  locale?: string | null;
  template: MailTemplate;
  params: Record<string, string>;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * The brand when the recipient is no member of a company: the dealer's for mail to its customer's contact,
   * the host's for mail asked for before sign-in. A member's own company's vendor always wins (decision 0022).
   */
  brand?: BrandId;
}

export interface Mailer {
  /**
   * `db`: the caller's transaction when it holds one, for the outbox row. On PGlite (one connection) a write
   * through the mailer's own handle would wait for that transaction forever.
   */
  send(message: MailMessage, options?: { db?: Kysely<DB> }): Promise<void>;
}

/**
 * Mail in the recipient's language and brand (their company's vendor; else the message's brand; else BRAND): through the SMTP transport
 * (infrastructure/mail) when SMTP_URL is set,
 * otherwise into the outbox table. In demo mode outbox mail is also printed to the console (that is
 * how a developer reads a reset code); in production only the fact that a mail was queued is logged.
 * In demo mode with SMTP_URL a copy of each mail sent also goes into the outbox (not printed), so the
 * development mailbox and the e2e journeys that read it keep working. An SMTP failure throws: the caller
 * (a job) is retried.
 */
export function createMailer(options: {
  config: Config;
  db: Kysely<DB>;
  log: { info(details: object, message: string): void };
  recorder?: OperationsRecorder;
  /** The SMTP connection; by default the one SMTP_URL names (none: the outbox table only). */
  transport?: MailTransport;
}): Mailer {
  const { config, db, log } = options;
  const recorder = options.recorder ?? noRecorder;
  const from = config.MAIL_FROM ?? `no-reply@${new URL(config.PUBLIC_URL).hostname}`;
  const transport = options.transport ?? createSmtpTransport(config.SMTP_URL);

  return {
    async send(message, options = {}) {
      const outbox = options.db ?? db;
      const locale = mailLocale(message.locale);
      const brand = (await memberVendor(outbox, message.to)) ?? message.brand ?? config.BRAND;
      const mail = renderMail(message.template, locale, { brand, params: message.params });
      if (transport) {
        try {
          await transport.send({
            from,
            to: message.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            ...(message.headers ? { headers: message.headers } : {}),
          });
        } catch (error) {
          recorder.mail('failed', message.template);
          throw error;
        }
        recorder.mail('sent', message.template);
        log.info({ template: message.template }, 'mail sent');
        if (config.MODE === 'demo') await keep(outbox, message, locale, mail);
        return;
      }
      const id = await keep(outbox, message, locale, mail);
      recorder.mail('sent', message.template);
      if (config.MODE === 'demo') {
        console.info(`\n--- mail to ${message.to}: ${mail.subject}\n${mail.text}\n---`);
      } else {
        log.info({ id, template: message.template }, 'mail queued in the outbox (no SMTP_URL)');
      }
    },
  };

  /** The vendor of the company whose member has this address (addresses are unique, case-insensitively). */
  async function memberVendor(handle: Kysely<DB>, address: string): Promise<BrandId | undefined> {
    const row = await handle
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select('companies.vendor')
      .where(sql<string>`lower(users.email)`, '=', address.toLowerCase())
      .executeTakeFirst();
    return row?.vendor;
  }

  async function keep(
    outbox: Kysely<DB>,
    message: MailMessage,
    locale: string,
    mail: RenderedMail,
  ): Promise<string> {
    const id = randomUUID();
    await outbox
      .insertInto('mail_outbox')
      .values({
        id,
        to_address: message.to,
        locale,
        template: message.template,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
      })
      .execute();
    return id;
  }
}
