import nodemailer from 'nodemailer';
import type { Check, DoctorOptions } from './check.ts';

/** Connects and says EHLO (and logs in, when the URL has credentials), as nodemailer's verify() does. */
export async function smtpCheck(
  smtpUrl: string | undefined,
  mode: string | undefined,
  options: DoctorOptions,
): Promise<Check> {
  if (!smtpUrl) {
    return mode === 'production'
      ? { name: 'SMTP', status: 'fail', detail: 'SMTP_URL is not set: no mail would leave the portal' }
      : { name: 'SMTP', status: 'ok', detail: 'SMTP_URL not set: mail goes to the outbox table (demo)' };
  }
  const timeout = options.smtpTimeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const where = (() => {
    try {
      const url = new URL(smtpUrl);
      return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    } catch {
      return 'the SMTP server';
    }
  })();
  try {
    await transport.verify();
    return { name: 'SMTP', status: 'ok', detail: `${where} answers` };
  } catch (error) {
    return { name: 'SMTP', status: 'fail', detail: `${where}: ${(error as Error).message}` };
  } finally {
    transport.close();
  }
}
