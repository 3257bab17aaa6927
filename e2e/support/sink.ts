import { type APIRequestContext, expect } from '@playwright/test';
import type { SinkHookRequest, SinkMail } from './sink/main.ts';

export type { SinkHookRequest, SinkMail } from './sink/main.ts';

/** The sink of this run (playwright.config.ts starts it; support/sink/main.ts). */
export function sinkUrl(): string {
  const url = process.env.E2E_SINK_URL;
  if (!url) throw new Error('E2E_SINK_URL is not set: run through e2e/playwright.config.ts');
  return url;
}

/** A webhook endpoint of the sink no other test uses (`fail`: it answers 500). */
export function hookUrl(name: string, options: { fail?: boolean } = {}): string {
  return `${sinkUrl()}/hooks/${name}${options.fail ? '/fail' : ''}`;
}

/** The mails the sink received over SMTP for an address, newest first. */
export async function sinkMails(request: APIRequestContext, to: string): Promise<SinkMail[]> {
  const response = await request.get(`${sinkUrl()}/mails`, { params: { to } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: SinkMail[] }).items;
}

/** Waits until the mails to an address that match are at least `count`, and returns them. */
export async function waitForSinkMails(
  request: APIRequestContext,
  to: string,
  options: { match?: (mail: SinkMail) => boolean; count?: number; timeoutMs?: number } = {},
): Promise<SinkMail[]> {
  let found: SinkMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await sinkMails(request, to)).filter(options.match ?? (() => true));
        return found.length;
      },
      { timeout: options.timeoutMs ?? 60_000, message: `mail to ${to} at the sink` },
    )
    .toBeGreaterThanOrEqual(options.count ?? 1);
  return found;
}

/** What one webhook endpoint of the sink received, oldest first. */
export async function hookRequests(request: APIRequestContext, name: string): Promise<SinkHookRequest[]> {
  const response = await request.get(`${sinkUrl()}/hooks/${name}/requests`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: SinkHookRequest[] }).items;
}
