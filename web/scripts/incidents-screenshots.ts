/**
 * Screenshots of live device health (issue 14) against a running real server, in light and dark, English
 * and zh-TW, 1440 and 390 px: /incidents, an incident's timeline, the dashboard and a customer's detail
 * with their 'Updated HH:mm:ss', and a device's incident history.
 *
 *   npm run build -w web && PORT=8194 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/incidents-screenshots.ts [--only en-light-1440]   # PNGs in screenshots/
 *
 * Signs in as the demo dealer owner@northwind.example through /login. Changes nothing on the server.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { withoutChangeStream } from '../../e2e/support/change-stream.ts';
import { launchChromium } from '../../e2e/support/chromium.ts';
import { demoPassword } from './demo-password.ts';

const { values } = parseArgs({
  options: { only: { type: 'string' }, base: { type: 'string', default: 'http://localhost:8194' } },
});
const base = values.base;
const outDir = fileURLToPath(new URL('../../screenshots/', import.meta.url));
const DEALER = 'owner@northwind.example';

async function signedInState(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(DEALER);
  await page.getByLabel(/^Password/).fill(demoPassword(DEALER));
  await page.getByRole('button', { name: /^Login$/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  const file = `${outDir}.incidents-state.json`;
  await context.storageState({ path: file });
  await context.close();
  return file;
}

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
};

/** The first customer on the list that has open incidents on a device, else the first one. */
async function customerWithIncidents(page: Page): Promise<string> {
  await page.goto('/incidents');
  const link = page.getByTestId('incident-row').first().getByRole('link').nth(1);
  await link.waitFor({ timeout: 30_000 });
  const href = (await link.getAttribute('href')) ?? '';
  return href.split('/')[2] ?? '';
}

async function shootAll(page: Page, combo: string, orgId: string) {
  const shot = (name: string, fullPage = false) =>
    page.screenshot({ path: `${outDir}incidents-${name}-${combo}.png`, fullPage });

  await page.goto('/incidents');
  await page.getByTestId('incident-row').first().waitFor({ timeout: 30_000 });
  await settle(page);
  await shot('list', true);

  // The first incident's timeline.
  const row = page.getByTestId('incident-row').first();
  await row.getByRole('button').first().click();
  await page.getByTestId('timeline-event').first().waitFor({ timeout: 30_000 });
  await settle(page);
  await shot('timeline');
  await page.keyboard.press('Escape');

  // Every state, one category: the filters in use.
  await page.goto('/incidents?state=all&category=SERVER&age=30d');
  await page.getByTestId('incident-count').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
  await settle(page);
  await shot('filtered');

  await page.goto('/dashboard');
  await page.getByTestId('updated-at').first().waitFor({ timeout: 30_000 });
  await settle(page);
  await shot('dashboard-updated');

  await page.goto(`/account/${orgId}/overview`);
  await page.getByTestId('updated-at').first().waitFor({ timeout: 30_000 });
  await settle(page);
  await shot('customer-updated');

  await page.goto(`/account/${orgId}/device`);
  await page.getByTestId('device-row').first().waitFor({ timeout: 30_000 });
  await page
    .getByTestId('open-incidents')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await settle(page);
  await shot('devices');
  const marked = page.getByTestId('device-row').filter({ has: page.getByTestId('open-incidents') });
  const target = (await marked.count()) > 0 ? marked.first() : page.getByTestId('device-row').first();
  await target.click();
  await page.getByTestId('device-incidents').waitFor({ timeout: 30_000 });
  await page
    .getByTestId('device-incident')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await settle(page);
  await page.getByTestId('device-incidents').scrollIntoViewIfNeeded();
  await shot('device-history');
}

const browser = await launchChromium();
await mkdir(outDir, { recursive: true });
const storageState = await signedInState(browser);

const viewports = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

let orgId = '';
for (const locale of ['en', 'zh-TW'] as const)
  for (const scheme of ['light', 'dark'] as const)
    for (const viewport of viewports) {
      const combo = `${locale}-${scheme}-${viewport.name}`;
      if (values.only && !values.only.split(',').includes(combo)) continue;
      const context = await browser.newContext({
        baseURL: base,
        storageState,
        viewport: { width: viewport.width, height: viewport.height },
        colorScheme: scheme,
        locale,
        reducedMotion: 'reduce',
      });
      await context.addInitScript(
        ([language, theme]) => {
          localStorage.setItem('partner-portal.language', language);
          localStorage.setItem('partner-portal.theme', theme);
        },
        [locale, scheme] as const,
      );
      await withoutChangeStream(context); // networkidle never comes while it is open
      const page = await context.newPage();
      orgId ||= await customerWithIncidents(page);
      await shootAll(page, combo, orgId);
      await context.close();
    }

await browser.close();
