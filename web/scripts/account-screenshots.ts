/**
 * Screenshots of My Company and the account menu's dialogs against a running server, for review:
 * /my-company as owner and member, the account menu, profile, appearance, about, the welcome video,
 * add member, assign-owner, delete and leave confirmations, in light and dark, en and zh-TW, 1440 and 390 px.
 *
 *   npm run build -w web && PORT=8191 DATA_DIR=$(mktemp -d) npm run serve &
 *   BASE_URL=http://localhost:8191 DATA_DIR=… npx tsx web/scripts/account-screenshots.ts   # → /work/main/screenshots/
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/support/chromium.ts';
import { demoPassword } from './demo-password.ts';

const base = process.env.BASE_URL ?? 'http://localhost:8191';
const outDir = process.env.OUT_DIR
  ? `${process.env.OUT_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../../screenshots/', import.meta.url));
const only = process.env.ONLY ? process.env.ONLY.split(',') : undefined;

const OWNER = { email: 'owner@northwind.example', password: demoPassword('owner@northwind.example') };
const MEMBER = { email: 'member@northwind.example', password: demoPassword('member@northwind.example') };

const viewports = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;
const schemes = ['light', 'dark'] as const;
const locales = ['en', 'zh-TW'] as const;

type Shot = { name: string; as: 'owner' | 'member'; welcome?: boolean; act?: (page: Page) => Promise<void> };

const accountMenu = (page: Page) => page.getByRole('button', { name: /^(Account menu|帳號選單)$/ }).click();
const menuItem = (page: Page, name: RegExp) => page.getByRole('menuitem', { name }).click();

const shots: Shot[] = [
  { name: 'company-owner', as: 'owner' },
  { name: 'company-member', as: 'member' },
  { name: 'account-menu', as: 'owner', act: accountMenu },
  {
    name: 'profile',
    as: 'owner',
    act: async (page) => {
      await accountMenu(page);
      await menuItem(page, /^(Profile settings|個人資料設定)$/);
    },
  },
  {
    name: 'profile-invalid',
    as: 'owner',
    act: async (page) => {
      await accountMenu(page);
      await menuItem(page, /^(Profile settings|個人資料設定)$/);
      await page.getByRole('textbox', { name: /^(Name|名稱)/ }).fill('Olivia B&#');
    },
  },
  {
    name: 'appearance',
    as: 'owner',
    act: async (page) => {
      await accountMenu(page);
      await menuItem(page, /^(Appearance|外觀)$/);
    },
  },
  {
    name: 'about',
    as: 'owner',
    act: async (page) => {
      await accountMenu(page);
      await menuItem(page, /^(About|關於)$/);
    },
  },
  { name: 'welcome', as: 'member', welcome: true },
  {
    name: 'add-member',
    as: 'owner',
    act: async (page) => {
      await page.getByRole('button', { name: /^(Add member|新增成員)$/ }).click();
    },
  },
  {
    name: 'assign-owner',
    as: 'owner',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^(Assign as Owner|指派為擁有者)$/ })
        .first()
        .click();
    },
  },
  {
    name: 'delete-member',
    as: 'owner',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^(Delete|刪除)$/ })
        .first()
        .click();
    },
  },
  {
    name: 'leave-confirmation',
    as: 'owner',
    act: async (page) => {
      await page.getByRole('button', { name: /^(Add member|新增成員)$/ }).click();
      await page.getByRole('textbox', { name: /^(Name|名稱)/ }).fill('Someone');
      await page.getByRole('button', { name: /^(Cancel|取消)$/ }).click();
    },
  },
];

async function signIn(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext({ locale: 'en-US' });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page
    .getByLabel(/^Email/)
    .fill(user.email)
    .catch(async (error: unknown) => {
      await page.screenshot({ path: `${outDir}sign-in-failure.png` });
      throw error;
    });
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: /^Login$/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

const browser = await launchChromium();

type Viewport = (typeof viewports)[number];
type States = Record<Shot['as'], Awaited<ReturnType<typeof signIn>>>;

async function take(
  states: States,
  shot: Shot,
  viewport: Viewport,
  scheme: (typeof schemes)[number],
  locale: (typeof locales)[number],
  file: string,
) {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    colorScheme: scheme,
    locale,
    storageState: states[shot.as],
  });
  try {
    await context.addInitScript({
      content: `localStorage.setItem('partner-portal.language', ${JSON.stringify(locale)});`,
    });
    // The welcome video is offered once; show it only where it is the subject.
    await context.route('**/api/reseller/v1/me', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { profile: Record<string, unknown> };
      body.profile.welcomeVideoSeen = !shot.welcome;
      await route.fulfill({ response, json: body });
    });
    await context.route('**/*.mp4', (route) => route.abort());
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[${shot.name}] page error:`, error.message));
    try {
      await page.goto(`${base}/my-company`);
      await page.waitForSelector('main h1');
      // The welcome dialog hides the page from the accessibility tree, so wait for it instead.
      if (shot.welcome) await page.getByRole('dialog').waitFor();
      else await page.getByRole('table').or(page.getByRole('list')).first().waitFor();
      await shot.act?.(page);
      await page.waitForTimeout(500);
      await page.screenshot({ path: file });
    } catch (error) {
      await page.screenshot({ path: file.replace(/\.png$/, '.failed.png') }).catch(() => undefined);
      throw error;
    }
  } finally {
    await context.close();
  }
}

const failed: string[] = [];
try {
  await mkdir(outDir, { recursive: true });
  const states: States = { owner: await signIn(browser, OWNER), member: await signIn(browser, MEMBER) };
  for (const viewport of viewports) {
    for (const scheme of schemes) {
      for (const locale of locales) {
        for (const shot of shots) {
          if (only && !only.includes(shot.name)) continue;
          const file = `${outDir}${shot.name}-${viewport.name}-${scheme}-${locale}.png`;
          // One retry: on a loaded machine a page now and then misses the 60 s budget.
          const ok = await take(states, shot, viewport, scheme, locale, file).then(
            () => true,
            () =>
              take(states, shot, viewport, scheme, locale, file).then(
                () => true,
                (error: Error) => {
                  console.error(`✗ ${file}: ${error.message.split('\n')[0]}`);
                  return false;
                },
              ),
          );
          if (ok) console.info('wrote', file);
          else failed.push(file);
        }
      }
    }
  }
} finally {
  await browser.close();
}
if (failed.length > 0) {
  console.error(`${failed.length} screenshot(s) failed`);
  process.exitCode = 1;
}
