/**
 * Screenshots of the partner hierarchy (issue 16) against a running real server, in light and dark,
 * English and zh-TW, 1440 and 390 px: /partners, a dealer's scorecard, and the read-only drill-down into
 * that dealer (its dashboard and customer list under the 'Viewing … as …' banner).
 *
 *   npm run build -w web && PORT=8194 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/partners-screenshots.ts [--only en-light-1440]   # PNGs in screenshots/
 *
 * Signs in as the demo distributor disty@pinecrest.example through /login. Changes nothing on the server.
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
const DISTRIBUTOR = 'disty@pinecrest.example';

async function signedInState(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(DISTRIBUTOR);
  await page.getByLabel(/^Password/).fill(demoPassword(DISTRIBUTOR));
  await page.getByRole('button', { name: /^Login$/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/partners'), { timeout: 30_000 });
  const file = `${outDir}.partners-state.json`;
  await context.storageState({ path: file });
  await context.close();
  return file;
}

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
};

/** The first dealer of the list (its scorecard link's id). */
async function firstDealer(page: Page): Promise<string> {
  await page.goto('/partners?role=dealer');
  const link = page.getByTestId('partner-row').first().getByRole('link').first();
  await link.waitFor({ timeout: 30_000 });
  const href = (await link.getAttribute('href')) ?? '';
  return href.split('/')[2] ?? '';
}

async function shootAll(page: Page, combo: string, dealerId: string) {
  const shot = (name: string, fullPage = false) =>
    page.screenshot({ path: `${outDir}partners-${name}-${combo}.png`, fullPage });

  await page.goto('/partners');
  await page.getByTestId('partner-row').first().waitFor({ timeout: 30_000 });
  await settle(page);
  await shot('list', true);

  await page.goto(`/partners/${dealerId}`);
  await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
  await settle(page);
  await shot('scorecard', true);

  await page.goto(`/partners/${dealerId}/view`);
  await page.getByTestId('partner-view-banner').waitFor({ timeout: 30_000 });
  await settle(page);
  await shot('view-dashboard');

  await page.goto(`/partners/${dealerId}/view/customers`);
  await page.getByTestId('customer-count').waitFor({ timeout: 30_000 });
  await settle(page);
  await shot('view-customers');

  await page.goto(`/partners/${dealerId}/view/incidents`);
  await page.getByTestId('partner-view-banner').waitFor({ timeout: 30_000 });
  await page
    .getByTestId('incident-row')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await settle(page);
  await shot('view-incidents');
}

const browser = await launchChromium();
await mkdir(outDir, { recursive: true });
const storageState = await signedInState(browser);

const viewports = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

let dealerId = '';
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
      dealerId ||= await firstDealer(page);
      await shootAll(page, combo, dealerId);
      await context.close();
    }

await browser.close();
