import type { FastifyInstance } from 'fastify';

export interface OutboxMail {
  to: string;
  locale: string;
  template: string;
  subject: string;
  text: string;
}

/** The newest mail to an address, read from the development mailbox as a developer would. */
export async function latestMail(app: FastifyInstance, to: string): Promise<OutboxMail | undefined> {
  const res = await app.inject(`/api/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  return res.json().items[0];
}

export async function latestResetCode(app: FastifyInstance, to: string): Promise<string> {
  const mail = await latestMail(app, to);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no reset code mailed to ${to}`);
  return code;
}
