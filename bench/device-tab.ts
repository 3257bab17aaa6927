/**
 * The device tab of a 5,000-device customer in a real browser: `npx tsx bench/device-tab.ts [--runs 5]`.
 *
 * Seeds the small demo data (with its sign-in accounts) on a fresh PGlite database, adds one customer with
 * 5,000 devices to the Northwind dealer, serves the built SPA (`npm run build -w web` first) with the real
 * server in this process, signs in as owner@northwind.example in Chromium and measures, per run on a fresh
 * page load:
 *   - navigation to `/account/{orgId}/device?status=offline` until both platforms are loaded and the filtered
 *     list shows (the count reads "N of 5,0xx devices" and a row is on screen);
 *   - typing a search into the loaded tab until the filtered count changes (in-memory filtering).
 * BENCH_TIMINGS=1 also prints the first run's API calls (path, start ms, duration ms) from Resource Timing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../e2e/support/chromium.ts';
import { buildApp } from '../server/src/app.ts';
import { prepareDemo } from '../server/src/demo/prepare.ts';
import { loadConfig } from '../server/src/infrastructure/config/config.ts';
import { openDatabase } from '../server/src/infrastructure/db/database.ts';
import { migrateToLatest } from '../server/src/infrastructure/db/migrate.ts';
import { addCustomers } from './support/demo.ts';
import { demoPassword } from './support/demo-accounts.ts';

const BIG_CUSTOMER_DEVICES = 5_000;
const DEALER_EMAIL = 'owner@northwind.example';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-device-tab-'));
const config = loadConfig({
  MODE: 'demo',
  DEMO_SIZE: 'small',
  LOG_LEVEL: 'silent',
  PORT: '0',
  DATA_DIR: dataDir,
  PUBLIC_URL: 'http://localhost:8193',
});
const database = await openDatabase({ kind: 'pglite', dataDir });
try {
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false });
  try {
    await prepareDemo({ config, db: database.db, log: app.log });
    const dealer = await database.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', DEALER_EMAIL)
      .executeTakeFirstOrThrow();
    const orgId = (
      await addCustomers(database, dealer.company_id, {
        count: 1,
        devices: BIG_CUSTOMER_DEVICES,
        seed: 5_000,
      })
    )[0]!;
    await app.listen({ port: 8193, host: '127.0.0.1' });
    const base = 'http://localhost:8193';

    const browser = await launchChromium();
    try {
      // bypassCSP: the page's CSP forbids eval, which waitForFunction uses.
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: 1440, height: 900 },
        bypassCSP: true,
      });
      const page = await context.newPage();
      await page.goto('/login');
      // Signed out, /login loads the app on first use (web/public/login-boot.js): start it, wait for its form.
      await page.keyboard.press('Shift');
      await page.locator('#prerendered-login').waitFor({ state: 'detached', timeout: 60_000 });
      await page.getByLabel(/^Email/).fill(DEALER_EMAIL);
      await page.getByLabel(/^Password/).fill(demoPassword(dataDir, DEALER_EMAIL));
      await page.getByRole('button', { name: /^Login$/ }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });

      const count = page.getByTestId('device-count');
      const loads: number[] = [];
      const searches: number[] = [];
      let summary = '';
      for (let run = 0; run < runs; run += 1) {
        await page.goto('/account');
        await page.getByRole('article').first().waitFor();
        const started = Date.now();
        await page.goto(`/account/${orgId}/device?status=offline`);
        await page.getByText('Cloud platform: loaded').waitFor({ timeout: 120_000 });
        await page.getByText('Server platform: loaded').waitFor({ timeout: 120_000 });
        await page.getByTestId('device-row').first().waitFor();
        loads.push(Date.now() - started);
        summary = (await count.textContent()) ?? '';
        if (process.env.BENCH_TIMINGS && run === 0) {
          const timings = await page.evaluate(
            `performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/')).map((e) => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.duration)])`,
          );
          console.info(timings);
        }

        const before = summary;
        const typed = Date.now();
        await page.getByRole('searchbox', { name: 'Search devices' }).fill('gate');
        await page.waitForFunction(
          // Runs in the page; bench/ has no DOM types.
          `document.querySelector('[data-testid="device-count"]')?.textContent !== ${JSON.stringify(before)}`,
        );
        searches.push(Date.now() - typed);
      }
      console.info(
        `\n## Device tab, ${BIG_CUSTOMER_DEVICES.toLocaleString('en')}-device customer, Chromium 1440×900, ${runs} runs\n` +
          `filtered list (status=offline): "${summary}"\n` +
          `| measure | first ms | median ms | max ms |\n|---|---:|---:|---:|\n` +
          `| navigation → filtered list (both platforms loaded) | ${loads[0]} | ${median(loads)} | ${Math.max(...loads)} |\n` +
          `| typing a search → filtered count | ${searches[0]} | ${median(searches)} | ${Math.max(...searches)} |`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
