import { type APIRequestContext, expect } from '@playwright/test';

/** One message of the development mailbox (`GET /api/dev/mailbox/messages?to=`, MODE=demo only). */
export interface MailMessage {
  id: string;
  to: string;
  locale: string;
  /** 'reset-code', 'temporary-password', 'remote-access-request', … */
  template: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The messages sent to an address, newest first. */
export async function readMailbox(request: APIRequestContext, to: string): Promise<MailMessage[]> {
  const response = await request.get('/api/dev/mailbox/messages', { params: { to } });
  expect(response.ok(), `mailbox answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { items: MailMessage[] }).items;
}

export interface WaitForMailOptions {
  template?: string;
  /** Only messages created after this moment (take `new Date()` before the action that sends the mail). */
  after?: Date;
  timeoutMs?: number;
}

/** Waits for the newest message to an address that matches, and returns it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  options: WaitForMailOptions = {},
): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = await readMailbox(request, to);
        found = messages.find(
          (m) =>
            (!options.template || m.template === options.template) &&
            (!options.after || new Date(m.createdAt).getTime() >= options.after.getTime() - 1000),
        );
        return found !== undefined;
      },
      { timeout: options.timeoutMs ?? 15_000, message: `mail to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error(`No mail to ${to}`);
  return found;
}

/** The 6-digit password reset code of the newest reset mail to an address. */
export async function readResetCode(request: APIRequestContext, to: string, after?: Date): Promise<string> {
  const mail = await waitForMail(request, to, { template: 'reset-code', ...(after ? { after } : {}) });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in the reset mail to ${to}`);
  return code;
}

/** The temporary password of the newest temporary-password mail to an address (English or zh-TW mail). */
export async function readTemporaryPassword(
  request: APIRequestContext,
  to: string,
  after?: Date,
): Promise<string> {
  const mail = await waitForMail(request, to, {
    template: 'temporary-password',
    ...(after ? { after } : {}),
  });
  const password = /(?:Temporary password: |臨時密碼：)(\S+)/.exec(mail.text)?.[1];
  if (!password) throw new Error(`No temporary password in the mail to ${to}`);
  return password;
}
