import { expectRowsStacked } from '../support/customers.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { customerWith } from '../support/made-data.ts';
import { chooseOption } from '../support/select-option.ts';
import { signInAs } from '../support/sign-in.ts';

// Sign-in runs SRP in the browser and the customer pages load both platforms; a shared machine is slow.
const expect = slowJourney(180_000);
// Each test signs in as the owner of a dealer company of its own, with customers.
test.use({ companyKind: 'dealer' });
test.beforeEach(async ({ page, company }) => {
  await signInAs(page, company.owner);
});

test('search a customer, open it, switch tabs and filter its devices', async ({ page, company }) => {
  // A customer with a server, so the Server filter has rows to show (about one customer in sixteen has
  // none), whose name the search finds alone (the random names repeat, or hold one another, now and then).
  const customers = company.customers!;
  const matching = (query: string) =>
    customers.organizations.filter((organization) =>
      [organization.name, organization.reference ?? ''].some((text) =>
        text.toLowerCase().includes(query.toLowerCase()),
      ),
    );
  const { name } = customerWith(
    customers,
    (customer, devices) =>
      matching(customer.name).length === 1 && devices.some((device) => device.device_category === 'SERVER'),
  );
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My customer' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const total = await page
    .getByRole('status')
    .filter({ hasText: /customers?$/ })
    .textContent();

  // Search by name: only that customer is left; the search is kept in the URL.
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /^1 customer$/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=/);

  // The map view shows the sites as markers even though no map tile can load here.
  await page.getByRole('button', { name: 'Map view' }).click();
  await expect(page).toHaveURL(/view=mapMode/);
  await expect(page.locator('.leaflet-interactive').first()).toBeVisible();
  await page.getByRole('button', { name: 'Card view' }).click();
  await expect(page).not.toHaveURL(/view=mapMode/);

  // Clearing the search brings every customer back.
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('');
  await expect(page.getByRole('status').filter({ hasText: total ?? '' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
  await cards.first().getByRole('link').click();

  await expect(page).toHaveURL(/\/account\/[^/]+\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Customer Detail' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText('Main contact')).toBeVisible();
  const serversTile = page.getByText('Total servers').locator('..');
  await expect(serversTile.getByText(/^\d+$/)).toBeVisible();
  const servers = Number(await serversTile.getByText(/^\d+$/).textContent());
  expect(servers).toBeGreaterThan(0);

  await page.getByRole('tab', { name: 'License' }).click();
  await expect(page).toHaveURL(/\/license$/);
  for (const type of ['xPro license', 'Storage license', 'Speaker license', 'Without license']) {
    await expect(page.getByRole('region', { name: type, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Sites and devices without license' })).toBeVisible();

  await page.getByRole('tab', { name: 'Device' }).click();
  await expect(page).toHaveURL(/\/device$/);
  await expect(page.getByText('Cloud platform: loaded')).toBeVisible();
  await expect(page.getByText('Server platform: loaded')).toBeVisible();
  const count = page.getByTestId('device-count');
  await expect(count).toHaveText(/^(\d+) of \1 devices$/);
  const all = Number((await count.textContent())?.split(' ')[0]);
  expect(all).toBeGreaterThan(0);

  // Category Server: as many devices as the overview counts servers, and the filter is in the URL.
  await chooseOption(page, 'Category', 'Server');
  await expect(page).toHaveURL(/category=SERVER/);
  await expect(count).toHaveText(`${servers} of ${all} devices`);
  await expect(page.getByTestId('device-row').first()).toBeVisible();

  // Status Offline on top: each shown row says Offline; a reload keeps the filters.
  await chooseOption(page, 'Status', 'Offline');
  await expect(page).toHaveURL(/status=offline/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Server');
  const offline = Number((await count.textContent())?.split(' ')[0]);
  expect(offline).toBeLessThanOrEqual(servers);
  if (offline > 0)
    await expect(page.getByTestId('device-row').first().getByText('Offline').first()).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count).toHaveText(`${all} of ${all} devices`);
  // The rows sit at their measured heights (the virtualiser measures them after the browser's layout).
  await expectRowsStacked(page, '[data-testid="device-row"]');

  // A row opens the device detail: firmware, MAC and IP, last online and health times (yy/mm/dd HH:mm).
  await page.getByTestId('device-row').first().getByRole('button').click();
  const detail = page.getByRole('dialog', { name: /Device details/ });
  for (const field of [
    'Firmware version',
    'MAC address',
    'IP address',
    'Server',
    'Last online',
    'Health time',
  ])
    await expect(detail.getByText(field, { exact: true })).toBeVisible();
  await expect(detail.getByText(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/).first()).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // Back goes to the customer list.
  // Exact: a device may be named 'Back Door 09'.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/account(\?|$)/);
});

test('the dashboard can link to a filtered device list', async ({ page }) => {
  await page.goto('/account');
  const href = await page.getByRole('article').first().getByRole('link').getAttribute('href');
  const orgId = href?.split('/')[2] ?? '';
  await page.goto(`/account/${orgId}/device?device=camera&platform=first`);
  await expect(page.getByText('Filtered by')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cameras' })).toBeVisible();
  await expect(page.getByTestId('device-count')).toHaveText(/^\d+ of \d+ devices$/);
});
