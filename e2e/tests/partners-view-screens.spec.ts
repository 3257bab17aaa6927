import type { Page } from '@playwright/test';
import { slowJourney, test } from '../support/fixtures.ts';
import { signInAs } from '../support/sign-in.ts';

// One SRP sign-in and every lazily loaded page of the dealer's screens; a shared machine takes a while.
const expect = slowJourney(240_000);

/** The test's own distributor, with two dealers of its own below it (e2e/support/pool, 'partner-disty'). */
test.use({ companyKind: 'partner-disty' });

/**
 * Issue 23: every card, tab and list of a dealer's screens works in a partner's read-only view. Every API
 * answer of 400 or more, every failed request and every uncaught error is recorded while the journey walks.
 */
function recordFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) {
      failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  page.on('requestfailed', (request) => {
    // A request cancelled by a navigation or an unmounted query is not a failure; the map's optional
    // online tiles (over the bundled outlines) are not the portal's.
    const own = new URL(request.url()).origin === new URL(page.url()).origin;
    if (own && request.failure()?.errorText !== 'net::ERR_ABORTED') {
      failures.push(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
    }
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  return failures;
}

/** No error alert (a card's or a page's) and no error toast on screen. */
async function expectNoErrorShown(page: Page, where: string): Promise<void> {
  await expect(page.getByTestId('partner-view-banner'), where).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), `${where}: still loading`).toHaveCount(0);
  await expect(page.locator('.MuiAlert-colorError, .notistack-MuiContent-error'), where).toHaveCount(0);
  await expect(page.getByText('An error occurred while processing your request.'), where).toHaveCount(0);
}

async function walkDealerScreens(page: Page, dealerId: string): Promise<void> {
  const base = `/partners/${dealerId}/view`;

  // The dashboard: every card loaded, the license inventory among them.
  await page.goto(base);
  for (const card of [
    'dashboard-devices',
    'dashboard-incidents',
    'dashboard-inventory',
    'dashboard-maturity',
    'dashboard-attention',
  ]) {
    await expect(page.getByTestId(card).getByRole('heading', { level: 2 })).toBeVisible();
  }
  await expect(page.getByTestId('dashboard-inventory').getByRole('table')).toBeVisible();
  await expectNoErrorShown(page, 'dashboard');

  // The customers as cards and on the map.
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/customers$`));
  await expect(page.getByTestId('customer-count')).toHaveText('2 customers');
  await expectNoErrorShown(page, 'customers');
  await page.goto(`${base}/customers?view=mapMode`);
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expectNoErrorShown(page, 'customers map');

  // A customer's overview (contact, sites as cards and on a map), devices and licenses.
  await page.goto(`${base}/customers`);
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`${base}/customers/[^/]+/overview$`));
  await expect(page.getByRole('heading', { name: 'Main contact' })).toBeVisible();
  await expectNoErrorShown(page, 'customer overview');
  await page.getByRole('button', { name: 'Map view' }).click();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expectNoErrorShown(page, 'customer sites map');
  await page.getByRole('tab', { name: 'Device' }).click();
  await expect(page).toHaveURL(/\/device(\?|$)/);
  await expect(page.getByTestId('device-count')).toBeVisible();
  await expectNoErrorShown(page, 'customer devices');
  await page.getByRole('tab', { name: 'License' }).click();
  await expect(page).toHaveURL(/\/license(\?|$)/);
  // Every license type has its region, whatever the customer holds (a table only where it holds some).
  await expect(page.getByRole('region', { name: 'xPro license', exact: true })).toBeVisible();
  await expectNoErrorShown(page, 'customer licenses');

  // The incidents.
  await page.getByRole('tab', { name: 'Incidents' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/incidents`));
  await expect(page.getByTestId('incident-count').or(page.getByText(/No open incidents/))).toBeVisible();
  await expectNoErrorShown(page, 'incidents');
}

test('a distributor opens every card, tab and list of its dealer’s screens read-only without an error', async ({
  page,
  company,
}) => {
  const dealer = company.dealers?.[0];
  if (!dealer) throw new Error('the partner distributor has no dealers');
  const failures = recordFailures(page);
  await signInAs(page, company.owner);
  await walkDealerScreens(page, dealer.companyId);
  expect(failures).toEqual([]);
});

test('HQ opens every card, tab and list of a dealer’s screens read-only without an error', async ({
  page,
  company,
  makeCompany,
}) => {
  const dealer = company.dealers?.[1];
  if (!dealer) throw new Error('the partner distributor has no dealers');
  // HQ sees every company: an HQ company of its own views the distributor's dealer.
  const hq = await makeCompany('partner-hq');
  const failures = recordFailures(page);
  await signInAs(page, hq.owner);
  await walkDealerScreens(page, dealer.companyId);
  expect(failures).toEqual([]);
});
