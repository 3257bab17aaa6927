import nodemailer from 'nodemailer';

/** A mail as it leaves the portal: rendered, addressed, with its extra headers. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** The SMTP connection. `send` throws when the server refuses or cannot be reached (the caller is retried). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/** Nodemailer over SMTP_URL; none without one (mail then only goes into the outbox table). */
export function createSmtpTransport(smtpUrl: string | undefined): MailTransport | undefined {
  if (!smtpUrl) return undefined;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
  };
}
