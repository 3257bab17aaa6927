/**
 * Screenshots of /dashboard against a running real server: light and dark, English and zh-TW, 1440 and
 * 390 px, plus the page with one source failing.
 *
 *   npm run build -w web && PORT=8193 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/dashboard-screenshots.ts [--only en-light-1440]   # PNGs in screenshots/
 *
 * Signs in as the demo dealer owner@northwind.example through /login.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { withoutChangeStream } from '../../e2e/support/change-stream.ts';
import { launchChromium } from '../../e2e/support/chromium.ts';
import { demoPassword } from './demo-password.ts';

const { values } = parseArgs({
  options: { only: { type: 'string' }, base: { type: 'string', default: 'http://localhost:8193' } },
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
  const file = `${outDir}.dashboard-state.json`;
  await context.storageState({ path: file });
  await context.close();
  return file;
}

async function shoot(page: Page, name: string) {
  await page.getByTestId('dashboard-summary').waitFor({ timeout: 30_000 });
  await page
    .getByTestId('attention-row')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(800); // chart animations
  await page.screenshot({ path: `${outDir}dashboard-${name}.png`, fullPage: true });
}

const browser = await launchChromium();
await mkdir(outDir, { recursive: true });
const storageState = await signedInState(browser);

const viewports = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

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
      await page.goto('/dashboard');
      await shoot(page, combo);
      if (combo === 'en-light-1440') {
        // One source failing: only its card shows the error.
        await page.route('**/license/quantity', (route) => route.fulfill({ status: 500, body: '{}' }));
        await page.reload();
        await page.getByText('An error occurred while processing your request.').waitFor({ timeout: 30_000 });
        await shoot(page, 'partial-failure-en-light-1440');
      }
      await context.close();
    }

await browser.close();
