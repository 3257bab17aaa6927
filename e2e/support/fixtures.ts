import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, test as base, type Page } from '@playwright/test';
import { runFile } from './demo-accounts.ts';
import { signInAs } from './sign-in.ts';

/**
 * The storage state (Amplify keeps its tokens in localStorage) of a demo account signed in through the
 * form, made once per run and reused. Tests that sign out or change the account must sign in on their
 * own instead (signing out revokes the sign-in this state belongs to).
 */
export async function storageStateFor(browser: Browser, email: string): Promise<string> {
  const file = runFile('storage', `${email}.json`);
  if (existsSync(file)) return file;
  await mkdir(path.dirname(file), { recursive: true });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAs(page, email);
    await context.storageState({ path: file });
  } finally {
    await context.close();
  }
  return file;
}

interface AuthFixtures {
  /** `test.use({ signedInAs: DEMO.dealerOwner })` makes `page` start signed in as that demo account. */
  signedInAs: string | undefined;
  /** A new page signed in as a demo account, for journeys that need several roles. Closed after the test. */
  pageAs: (email: string) => Promise<Page>;
}

export const test = base.extend<AuthFixtures>({
  signedInAs: [undefined, { option: true }],
  storageState: async ({ browser, signedInAs, storageState }, use) => {
    await use(signedInAs ? await storageStateFor(browser, signedInAs) : storageState);
  },
  pageAs: async ({ browser }, use) => {
    const contexts: Awaited<ReturnType<Browser['newContext']>>[] = [];
    await use(async (email) => {
      const context = await browser.newContext({ storageState: await storageStateFor(browser, email) });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

export { expect } from '@playwright/test';
