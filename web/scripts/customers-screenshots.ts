/**
 * Screenshots of the customer pages (list cards and map, detail tabs, device detail, metadata editor,
 * remote-access dialog)
 * against a running real server, in light and dark, English and zh-TW, 1440 and 390 px.
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/customers-screenshots.ts [--only en-light-1440]   # PNGs in /work/main/screenshots/
 *
 * Signs in as the demo dealer owner@northwind.example through /login. The Requesting state of remote access
 * is captured once (en, light, 1440) and aborted right after.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { withoutChangeStream } from '../../e2e/support/change-stream.ts';
import { launchChromium } from '../../e2e/support/chromium.ts';
import { demoPassword } from './demo-password.ts';

const { values } = parseArgs({
  options: { only: { type: 'string' }, base: { type: 'string', default: 'http://localhost:8192' } },
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
  const file = `${outDir}.customers-state.json`;
  await context.storageState({ path: file });
  await context.close();
  return file;
}

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
};

async function shoot(page: Page, name: string, fullPage = true) {
  await settle(page);
  await page.screenshot({ path: `${outDir}customers-${name}.png`, fullPage });
}

const browser = await launchChromium();
await mkdir(outDir, { recursive: true });
const storageState = await signedInState(browser);

const viewports = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

let orgId: string | undefined;
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
      });
      await context.addInitScript(
        ([language, theme]) => {
          localStorage.setItem('partner-portal.language', language);
          localStorage.setItem('partner-portal.theme', theme);
        },
        [locale, scheme] as const,
      );
      // No internet on the test machine: refuse tiles at once; the map shows its bundled country outlines instead.
      await context.route(/tile/, (route) => route.abort());
      await withoutChangeStream(context); // networkidle never comes while it is open
      const page = await context.newPage();

      await page.goto('/account');
      await page.getByRole('article').first().waitFor();
      await shoot(page, `list-cards-${combo}`, false);
      if (!orgId) {
        const href = await page.getByRole('article').first().locator('a').first().getAttribute('href');
        orgId = href?.split('/')[2];
      }
      await page.goto('/account?view=mapMode');
      await page.locator('.leaflet-interactive').first().waitFor({ timeout: 15_000 });
      await shoot(page, `list-map-${combo}`, false);

      await page.goto(`/account/${orgId}/overview`);
      await page.getByRole('heading', { name: /Main contact|主要聯絡人/ }).waitFor();
      await shoot(page, `overview-${combo}`);
      await page.goto(`/account/${orgId}/overview?view=mapMode`);
      await page.locator('.leaflet-interactive').first().waitFor({ timeout: 15_000 });
      await shoot(page, `overview-map-${combo}`);

      await page.goto(`/account/${orgId}/overview`);
      await page.getByRole('button', { name: /^(Edit|編輯)$/ }).click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, `metadata-editor-${combo}`, false);
      await page.getByRole('dialog').getByRole('textbox').first().fill('Changed name');
      await page.getByRole('button', { name: /^(Cancel|取消)$/ }).click();
      await shoot(page, `metadata-leave-${combo}`, false);
      await page.getByRole('button', { name: /^(Leave|離開)$/ }).click();

      await page.goto(`/account/${orgId}/device`);
      await page.getByTestId('device-row').first().waitFor({ timeout: 30_000 });
      await shoot(page, `device-${combo}`, false);
      await page.getByTestId('device-row').first().getByRole('button').click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, `device-detail-${combo}`, false);
      await page.getByRole('button', { name: /^(Close|關閉)$/ }).click();
      await page.goto(`/account/${orgId}/device?status=abnormal&category=CAMERA`);
      await page.getByTestId('device-count').waitFor();
      await shoot(page, `device-filtered-${combo}`, false);

      await page.goto(`/account/${orgId}/license`);
      await page
        .getByRole('heading', { name: /Sites and devices without license|無授權的站點與裝置/ })
        .waitFor();
      await shoot(page, `license-${combo}`);

      await page.goto(`/account/${orgId}/overview`);
      await page.getByRole('button', { name: /^(Remote access|遠端存取)$/ }).click();
      await page.getByRole('radiogroup').waitFor();
      await shoot(page, `remote-select-${combo}`, false);
      // A server nobody has asked for yet: its confirmation, and (once) its Requesting state, then Abort.
      await page
        .locator('label', { hasText: /Not enabled|未啟用/ })
        .first()
        .click();
      await page.getByRole('button', { name: /^(Next|下一步)$/ }).click();
      await shoot(page, `remote-confirm-${combo}`, false);
      if (combo === 'en-light-1440') {
        await page.getByRole('button', { name: 'Send request' }).click();
        await page.getByRole('button', { name: 'Abort' }).waitFor();
        await shoot(page, 'remote-requesting-en-light-1440', false);
        await page.getByRole('button', { name: 'Abort' }).click();
        await page.getByRole('radiogroup').waitFor();
      }
      await context.close();
      console.info(`done ${combo}`);
    }

await browser.close();
