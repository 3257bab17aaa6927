import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { DB } from '../db/types.ts';
import { type MailTemplate, mailLocale, type RenderedMail, renderMail } from './templates.ts';

export interface MailMessage {
  to: string;
  /** The recipient's language; unknown values fall back to English. */
  locale?: string | null;
  template: MailTemplate;
  params: Record<string, string>;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

/**
 * Mail in the recipient's language and the portal's brand: through SMTP when SMTP_URL is set,
 * otherwise into the outbox table. In demo mode outbox mail is also printed to the console (that is
 * how a developer reads a reset code); in production only the fact that a mail was queued is logged.
 * In demo mode with SMTP_URL a copy of each mail sent also goes into the outbox (not printed), so the
 * development mailbox and the e2e journeys that read it keep working. An SMTP failure throws: the caller
 * (a job) is retried.
 */
export function createMailer(options: { config: Config; db: Kysely<DB>; log: FastifyBaseLogger }): Mailer {
  const { config, db, log } = options;
  const from = config.MAIL_FROM ?? `no-reply@${new URL(config.PUBLIC_URL).hostname}`;
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;

  return {
    async send(message) {
      const locale = mailLocale(message.locale);
      const mail = renderMail(message.template, locale, { brand: config.BRAND, params: message.params });
      if (transport) {
        await transport.sendMail({
          from,
          to: message.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(message.headers ? { headers: message.headers } : {}),
        });
        log.info({ template: message.template }, 'mail sent');
        if (config.MODE === 'demo') await keep(message, locale, mail);
        return;
      }
      const id = await keep(message, locale, mail);
      if (config.MODE === 'demo') {
        console.info(`\n--- mail to ${message.to}: ${mail.subject}\n${mail.text}\n---`);
      } else {
        log.info({ id, template: message.template }, 'mail queued in the outbox (no SMTP_URL)');
      }
    },
  };

  async function keep(message: MailMessage, locale: string, mail: RenderedMail): Promise<string> {
    const id = randomUUID();
    await db
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
