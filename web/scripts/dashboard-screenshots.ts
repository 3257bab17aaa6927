/**
 * Screenshots of /dashboard against a running real server: light and dark, English and zh-TW, 1440 and
 * 390 px, plus the page with one source failing.
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/dashboard-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * Signs in as the demo dealer owner@northwind.example through /login. PNGs in screenshots/.
 */
import type { Page } from 'playwright-core';
import { forEachCombo, mayAppear, type Run, runScreenshots, shoot, signIn } from './screenshot-harness.ts';

async function shootDashboard(run: Run, page: Page, name: string) {
  await page.getByTestId('dashboard-summary').waitFor({ timeout: 30_000 });
  await mayAppear(page.getByTestId('attention-row'), 30_000);
  await shoot(run, page, `dashboard-${name}`, { fullPage: true, pause: 800 }); // chart animations
}

await runScreenshots(async (run) => {
  const storageState = await signIn(run, 'owner@northwind.example');
  await forEachCombo(run, { storageState }, async (page, combo) => {
    await page.goto('/dashboard');
    await shootDashboard(run, page, combo.id);
    if (combo.id === 'en-light-1440') {
      // One source failing: only its card shows the error.
      await page.route('**/license/quantity', (route) => route.fulfill({ status: 500, body: '{}' }));
      await page.reload();
      await page.getByText('An error occurred while processing your request.').waitFor({ timeout: 30_000 });
      await shootDashboard(run, page, 'partial-failure-en-light-1440');
    }
  });
});
