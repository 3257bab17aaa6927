/**
 * Screenshots of the customer list's map (clusters over the bundled country outlines, tiles refused as on an
 * air-gapped site) in light and dark, English and zh-TW, 1440 and 390 px, against a running real server.
 *
 *   npm run build -w web && DATA_DIR=/tmp/map-large DEMO_SIZE=large PORT=8192 npm run serve &
 *   npx tsx web/scripts/map-screenshots.ts --email owner@atlas-security.example --out /tmp/map-shots
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../../e2e/support/chromium.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:8192' },
    email: { type: 'string', default: 'owner@northwind.example' },
    password: { type: 'string', default: 'Owner-Demo-2025' },
    out: { type: 'string', default: '/tmp/map-screenshots' },
  },
});
const base = values.base;
await mkdir(values.out, { recursive: true });

const browser = await launchChromium();
const login = await browser.newContext({ baseURL: base });
const loginPage = await login.newPage();
await loginPage.goto('/login');
await loginPage.getByLabel(/^Email/).fill(values.email);
await loginPage.getByLabel(/^Password/).fill(values.password);
await loginPage.getByRole('button', { name: /^Login$/ }).click();
await loginPage.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
const storageState = await login.storageState();
await login.close();

for (const locale of ['en', 'zh-TW'] as const)
  for (const scheme of ['light', 'dark'] as const)
    for (const width of [1440, 390]) {
      const context = await browser.newContext({
        baseURL: base,
        storageState,
        viewport: { width, height: width > 600 ? 900 : 844 },
        colorScheme: scheme,
      });
      await context.addInitScript(
        ([language, theme]) => {
          localStorage.setItem('partner-portal.language', language);
          localStorage.setItem('partner-portal.theme', theme);
        },
        [locale, scheme] as const,
      );
      // Nothing but the portal answers: the map has no tiles, as on an air-gapped site.
      await context.route(
        (url) => url.hostname !== new URL(base).hostname,
        (route) => route.abort(),
      );
      const page = await context.newPage();
      await page.goto('/account?view=mapMode');
      await page.locator('.leaflet-marker-icon, .leaflet-interactive').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(values.out, `map-${locale}-${scheme}-${width}.png`) });
      await context.close();
    }
await browser.close();
