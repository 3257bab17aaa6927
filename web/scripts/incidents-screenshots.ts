/**
 * Screenshots of live device health (issue 14) against a running real server, in light and dark, English
 * and zh-TW, 1440 and 390 px: /incidents, an incident's timeline, the dashboard and a customer's detail
 * with their 'Updated HH:mm:ss', and a device's incident history.
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/incidents-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * Signs in as the demo dealer owner@northwind.example through /login. Changes nothing on the server.
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

/** The first customer on the list that has open incidents on a device, else the first one. */
async function customerWithIncidents(page: Page): Promise<string> {
  await page.goto('/incidents');
  return linkedId(page.getByTestId('incident-row').first().getByRole('link').nth(1));
}

async function shootAll(run: Run, page: Page, combo: Combo, orgId: string) {
  const shot = (name: string, fullPage = false) =>
    shoot(run, page, `incidents-${name}-${combo.id}`, { fullPage, pause: 400 });

  await page.goto('/incidents');
  await page.getByTestId('incident-row').first().waitFor({ timeout: 30_000 });
  await shot('list', true);

  // The first incident's timeline.
  const row = page.getByTestId('incident-row').first();
  await row.getByRole('button').first().click();
  await page.getByTestId('timeline-event').first().waitFor({ timeout: 30_000 });
  await shot('timeline');
  await page.keyboard.press('Escape');

  // Every state, one category: the filters in use.
  await page.goto('/incidents?state=all&category=SERVER&age=30d');
  await page.getByTestId('incident-count').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
  await shot('filtered');

  await page.goto('/dashboard');
  await page.getByTestId('updated-at').first().waitFor({ timeout: 30_000 });
  await shot('dashboard-updated');

  await page.goto(`/account/${orgId}/overview`);
  await page.getByTestId('updated-at').first().waitFor({ timeout: 30_000 });
  await shot('customer-updated');

  await page.goto(`/account/${orgId}/device`);
  await page.getByTestId('device-row').first().waitFor({ timeout: 30_000 });
  await mayAppear(page.getByTestId('open-incidents'));
  await shot('devices');
  const marked = page.getByTestId('device-row').filter({ has: page.getByTestId('open-incidents') });
  const target = (await marked.count()) > 0 ? marked.first() : page.getByTestId('device-row').first();
  await target.click();
  await page.getByTestId('device-incidents').waitFor({ timeout: 30_000 });
  await mayAppear(page.getByTestId('device-incident'));
  await page.getByTestId('device-incidents').scrollIntoViewIfNeeded();
  await shot('device-history');
}

await runScreenshots(async (run) => {
  const storageState = await signIn(run, 'owner@northwind.example');
  let orgId = '';
  await forEachCombo(run, { storageState }, async (page, combo) => {
    orgId ||= await customerWithIncidents(page);
    await shootAll(run, page, combo, orgId);
  });
});
