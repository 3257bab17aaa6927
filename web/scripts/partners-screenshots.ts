/**
 * Screenshots of the partner hierarchy (issue 16) against a running real server, in light and dark,
 * English and zh-TW, 1440 and 390 px: /partners as a list and a map, a dealer's scorecard, and the read-only drill-down into
 * that dealer (its dashboard, customer list and incidents under the 'Viewing … as …' banner).
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/partners-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * Signs in as the demo distributor disty@pinecrest.example through /login. Changes nothing on the server.
 * PNGs in screenshots/.
 */
import type { Page } from 'playwright-core';
import {
  type Combo,
  forEachCombo,
  linkedId,
  mayAppear,
  type Run,
  runScreenshots,
  shoot,
  signIn,
} from './screenshot-harness.ts';

/** The first dealer of the list (its scorecard link's id). */
async function firstDealer(page: Page): Promise<string> {
  await page.goto('/partners?role=dealer');
  return linkedId(page.getByTestId('partner-row').first().getByRole('link').first());
}

async function shootAll(run: Run, page: Page, combo: Combo, dealerId: string) {
  const shot = (name: string, fullPage = false) =>
    shoot(run, page, `partners-${name}-${combo.id}`, { fullPage, pause: 400 });

  await page.goto('/partners');
  await page.getByTestId('partner-row').first().waitFor({ timeout: 30_000 });
  await shot('list', true);

  // The map of dealers: labelled markers over the detailed outlines (state borders) at the fitted zoom.
  await page.goto('/partners?view=map');
  await page.locator('.leaflet-tooltip.dealer-label').first().waitFor({ timeout: 30_000 });
  await page.locator('path.world-border').waitFor({ timeout: 30_000 });
  await shot('map');

  await page.goto(`/partners/${dealerId}`);
  await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
  await shot('scorecard', true);

  await page.goto(`/partners/${dealerId}/view`);
  // A table, or at 390 px a card per license (issue 24).
  const inventory = page.getByTestId('dashboard-inventory');
  await inventory.getByRole('table').or(inventory.getByRole('list')).waitFor({ timeout: 30_000 });
  await shot('view-dashboard', true);

  await page.goto(`/partners/${dealerId}/view/customers`);
  await page.getByTestId('customer-count').waitFor({ timeout: 30_000 });
  await shot('view-customers');

  await page.goto(`/partners/${dealerId}/view/incidents`);
  await page.getByTestId('partner-view-banner').waitFor({ timeout: 30_000 });
  await mayAppear(page.getByTestId('incident-row'));
  await shot('view-incidents');
}

await runScreenshots(async (run) => {
  const storageState = await signIn(run, 'disty@pinecrest.example');
  let dealerId = '';
  await forEachCombo(run, { storageState }, async (page, combo) => {
    dealerId ||= await firstDealer(page);
    await shootAll(run, page, combo, dealerId);
  });
});
