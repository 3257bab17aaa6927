import type { Locator, Page, Response } from '@playwright/test';
import { slowJourney, test } from '../support/fixtures.ts';
import { cachedUrls, waitForServiceWorker } from '../support/service-worker.ts';
import { signInAs } from '../support/sign-in.ts';
import type { TestCompany } from '../support/test-kit.ts';

// Sign-in runs SRP in the browser and the service worker precaches the whole build; a shared machine is slow.
const expect = slowJourney(240_000);
test.use({ companyKind: 'dealer', serviceWorkers: 'allow' });

const OFFLINE_MARK = /^Offline — last updated \d{2}:\d{2}$/;

/** Signs the owner in and opens the dashboard once the service worker controls the page: its summary. */
async function dashboardWithServiceWorker(page: Page, owner: TestCompany['owner']): Promise<Locator> {
  await signInAs(page, owner);
  await page.goto('/dashboard');
  const summary = page.getByTestId('dashboard-summary');
  await expect(summary).toBeVisible();
  await waitForServiceWorker(page);
  return summary;
}

// Issue 24 point 7: the network drops in the field.
test('offline, the screens keep their data marked "Offline — last updated", a reload still opens the app, and everything recovers online', async ({
  page,
  context,
  company,
}) => {
  const summary = await dashboardWithServiceWorker(page, company.owner);

  // A customer, opened from the customer list (in the app: the dashboard's data stays in memory).
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'My Customer' }).click();
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/[^/]+\/overview$/);
  const customerUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'My Customer Detail' })).toBeVisible();
  const customer = page.getByRole('heading', { level: 2, name });
  await expect(customer).toBeVisible();
  const servers = page.getByText('Total servers').locator('..').getByText(/^\d+$/);
  await expect(servers).toBeVisible();
  const offlineMark = page.getByTestId('offline-notice');
  await expect(offlineMark).toHaveCount(0);

  await context.setOffline(true);
  await expect(offlineMark).toHaveText(OFFLINE_MARK);
  await expect(customer).toBeVisible();
  await expect(servers).toBeVisible();

  // Back to the customer list, then the dashboard (both seen before): their data, still marked.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(offlineMark).toHaveText(OFFLINE_MARK);
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(summary).toBeVisible();
  await expect(offlineMark).toHaveText(OFFLINE_MARK);

  // A screen never opened: a clear message and Try again, not a spinner.
  await nav.getByRole('link', { name: 'Incidents' }).click();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  // A reload offline: the service worker's app shell, the sign-in kept, and the offline message (the data
  // lives in memory only, see web/README).
  await page.goto(customerUrl);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page).toHaveURL(customerUrl);

  // The network returns: the customer loads by itself and the marking goes.
  await context.setOffline(false);
  await expect(customer).toBeVisible();
  await expect(servers).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
  await expect(offlineMark).toHaveCount(0);
});

// Issue 24 point 5: the second visit takes the app's code from the service worker, not the network.
test('a repeat visit paints from the cache: the page and its scripts come from the service worker', async ({
  page,
  company,
}) => {
  await dashboardWithServiceWorker(page, company.owner);

  const code: Response[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.request().resourceType() === 'document' || pathname.startsWith('/assets/'))
      code.push(response);
  });
  await page.reload();
  await expect(page.getByTestId('dashboard-summary')).toBeVisible();
  expect(code.length).toBeGreaterThan(2);
  expect(code.filter((response) => !response.fromServiceWorker()).map((response) => response.url())).toEqual(
    [],
  );
});

// Issue 24 point 7: nothing of the company stays on the device after Log Out.
test('Log Out leaves no API response in Cache Storage; offline, /login still shows the sign-in form', async ({
  page,
  context,
  company,
}) => {
  await dashboardWithServiceWorker(page, company.owner);
  // What a cache of API responses would hold (an older worker, any future runtime cache).
  await page.evaluate(async () => {
    const responses = await caches.open('api-responses');
    await responses.put('/api/reseller/v1/companies/info', new Response('{"name":"Cached company"}'));
    const precache = (await caches.keys()).find((name) => name.startsWith('workbox-precache'));
    if (precache) await (await caches.open(precache)).put('/api/reseller/v1/me', new Response('{}'));
  });

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await expect
    .poll(async () =>
      Object.values(await cachedUrls(page))
        .flat()
        .filter((url) => url.startsWith('/api/')),
    )
    .toEqual([]);
  // The app's own files stay: the sign-in page still opens offline.
  const precached = Object.entries(await cachedUrls(page)).find(([name]) =>
    name.startsWith('workbox-precache'),
  );
  expect(precached?.[1]).toEqual(expect.arrayContaining(['/', '/login']));

  // Offline, /login is the precached sign-in page of this host's brand, under the offline marking.
  await context.setOffline(true);
  await page.goto('/login');
  await expect(page.getByLabel(/^Email/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toHaveText('Offline — waiting for the connection');
  await expect(page).toHaveTitle(/Lumora/);
});
