import { slowJourney, test } from '../support/fixtures.ts';
import { countLoads, shownSdCardErrors } from '../support/incidents.ts';
import { healthyCameraOf, ingestKeyOf, sendReports } from '../support/ingest.ts';
import { signInAs } from '../support/sign-in.ts';

// One SRP sign-in in the browser and a handful of lazily loaded pages; a shared machine takes a while.
const expect = slowJourney(180_000);

/** The test's own distributor, with two dealers of its own below it (e2e/support/pool, 'partner-disty'). */
test.use({ companyKind: 'partner-disty' });

test('a distributor lands on /partners, sees its dealers only, views one read-only and comes back', async ({
  page,
  company,
}) => {
  const dealers = company.dealers ?? [];
  expect(dealers).toHaveLength(2);
  await signInAs(page, company.owner);
  await expect(page).toHaveURL(/\/partners$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();

  // Its own dealers, nobody else's (the demo distributors' dealers and the other pool companies are not here).
  const rows = page.getByTestId('partner-row');
  await expect(rows).toHaveCount(2);
  for (const dealer of dealers)
    await expect(page.getByRole('link', { name: dealer.name, exact: true })).toBeVisible();
  await expect(page.getByText('Northwind Security')).toHaveCount(0);

  // At 1440 px every column fits: no sideways scrolling of the table.
  await page.setViewportSize({ width: 1440, height: 900 });
  const table = page.getByRole('table', { name: 'Partners' });
  await expect(table.getByRole('columnheader', { name: 'Stock' })).toBeInViewport();
  const overflow = await table.evaluate((element) => {
    const scroller = element.parentElement as HTMLElement;
    return scroller.scrollWidth - scroller.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);

  // A dealer's customers, read-only, under the banner.
  const dealer = dealers[0]!;
  const row = rows.filter({ has: page.getByRole('link', { name: dealer.name, exact: true }) });
  await row.getByRole('link', { name: /^Customers: / }).click();
  await expect(page).toHaveURL(new RegExp(`/partners/${dealer.companyId}/view/customers$`));
  const banner = page.getByTestId('partner-view-banner');
  await expect(banner).toContainText(`Viewing ${dealer.name} as ${company.name}`);
  await expect(page.getByTestId('customer-count')).toHaveText('2 customers');
  // The dealer's customers, not the viewer's: no "My customer" here.
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  // A customer's detail: its data, and no write action at all (hidden, not disabled).
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/partners/${dealer.companyId}/view/customers/[^/]+/overview$`));
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Main contact' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Detail' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remote access' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // Its incidents: no acknowledge, no mute.
  await page.goto(`/partners/${dealer.companyId}/view/incidents`);
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('incident-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Mute / })).toHaveCount(0);

  // And back to the partners.
  await banner.getByRole('link', { name: 'Back to partners' }).click();
  await expect(page).toHaveURL(/\/partners$/);
  await expect(rows).toHaveCount(2);
});

test('at 390 px the Map view shows the distributor’s dealers as markers, each opening its scorecard', async ({
  page,
  company,
}) => {
  const dealers = company.dealers ?? [];
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, company.owner);
  await expect(page).toHaveURL(/\/partners$/);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(/\/partners\?view=map$/);
  const map = page.getByRole('region', { name: 'Map of dealers' });
  const markers = map.locator('path.leaflet-interactive');
  await expect(markers).toHaveCount(dealers.length);
  await expect(page.getByTestId('dealer-map-count')).toHaveText(`${dealers.length} dealers on the map`);
  // Issue 23: each marker is labelled with its dealer, at its own city (the pool's dealers are in two
  // cities), and at the zoom the map fits to the bundled outlines show the states, offline.
  for (const dealer of dealers) {
    await expect(map.locator('.leaflet-tooltip.dealer-label', { hasText: dealer.name })).toBeVisible();
  }
  await expect(map.locator('path.world-border')).toHaveCount(1);
  // Nothing sticks out sideways at 390 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await markers.first().click({ force: true });
  const popup = map.locator('.leaflet-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Open incidents:');
  await expect(popup).toContainText('Healthy:');
  await popup.getByRole('link', { name: 'Open scorecard' }).click();
  await expect(page).toHaveURL(new RegExp(`/partners/(${dealers.map((d) => d.companyId).join('|')})$`));
});

test('the read-only view follows the dealer’s devices without a reload, as the dealer’s own dashboard does', async ({
  page,
  request,
  company,
  serverDataDir,
}) => {
  const dealer = company.dealers?.[0];
  if (!dealer) throw new Error('the partner distributor has no dealers');
  const camera = await healthyCameraOf(request, company, dealer.companyId);
  const key = ingestKeyOf(serverDataDir, 'VORTEX');
  await signInAs(page, company.owner);
  await page.goto(`/partners/${dealer.companyId}/view`);
  await expect(page.getByTestId('partner-view-banner')).toBeVisible();
  const { sdCard, before } = await shownSdCardErrors(page);
  const loads = countLoads(page);

  // The dealer's camera loses its SD card: the distributor's view counts it within seconds, then lets it go.
  await sendReports(request, key, [{ deviceId: camera.id, status: { recordFailed: true } }]);
  await expect(sdCard).toHaveText(String(before + 1), { timeout: 10_000 });
  await sendReports(request, key, [{ deviceId: camera.id, status: { recordFailed: false } }]);
  await expect(sdCard).toHaveText(String(before), { timeout: 10_000 });
  expect(loads()).toBe(0);
});
