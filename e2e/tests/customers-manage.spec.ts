import type { Page } from '@playwright/test';
import { customerIds } from '../support/customers.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mailbox.ts';
import { signInAs } from '../support/sign-in.ts';

const expect = slowJourney(180_000);
// Each test signs in as the owner of a dealer company of its own, with customers.
test.use({ companyKind: 'dealer' });
test.beforeEach(async ({ page, company }) => {
  await signInAs(page, company.owner);
});

/** Opens the first customer whose remote access is neither enabled nor requested. */
async function openCustomerWithoutRemoteAccess(page: Page): Promise<string> {
  for (const orgId of await customerIds(page)) {
    await page.goto(`/account/${orgId}/overview`);
    const header = page.getByRole('heading', { level: 2 }).first().locator('..');
    await expect(header.getByText(/^(Enabled|Requesting|Not enabled)$/)).toBeVisible();
    if (await header.getByText('Not enabled').isVisible()) return orgId;
  }
  throw new Error('Every customer already has remote access');
}

test('edit the main contact with the leave confirmation, then restore it', async ({ page }) => {
  const [orgId] = await customerIds(page);
  await page.goto(`/account/${orgId}/overview`);
  const contact = page.getByRole('region', { name: 'Main contact' });
  const phoneValue = contact.getByText('Phone').locator('xpath=following-sibling::dd[1]');
  // The card shows its labels while the contact loads (aria-busy): read the value once it is there.
  await expect(contact).not.toHaveAttribute('aria-busy', 'true');
  await expect(phoneValue).toBeVisible();
  const original = (await phoneValue.textContent()) ?? '';

  await contact.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit customer information' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();

  // A modified form asks before closing; Stay keeps the edits.
  await dialog.getByLabel('Phone').fill('+886 2 5550 1234');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Are you sure you want to leave?')).toBeVisible();
  await expect(page.getByText('Your changes will lost if you leave.')).toBeVisible();
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog.getByLabel('Phone')).toHaveValue('+886 2 5550 1234');

  // The contracts' rules and messages.
  await dialog.getByLabel('E-mail').fill('not-an-email');
  await dialog.getByLabel('E-mail').blur();
  await expect(dialog.getByText('Invalid e-mail')).toBeVisible();

  // Leave discards the edits.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(dialog).toBeHidden();

  // Only the changed field is sent.
  await contact.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Phone').fill('+886 2 5550 1234');
  const patch = page.waitForRequest(
    (request) => request.method() === 'PATCH' && request.url().includes('/metadata'),
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await patch).postDataJSON()).toEqual({ phone: '+886 2 5550 1234' });
  await expect(page.getByText('Saved successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(phoneValue).toHaveText('+886 2 5550 1234');

  // Back to the first value: clearing a field sends it as empty.
  await contact.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Phone').fill(original === 'Not set' ? '' : original);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(phoneValue).toHaveText(original);
});

test('request remote access and abort, request again, approve by mail and open the portal', async ({
  page,
  request,
  context,
}) => {
  const orgId = await openCustomerWithoutRemoteAccess(page);
  const contact = page.getByRole('region', { name: 'Main contact' });
  await expect(contact).not.toHaveAttribute('aria-busy', 'true');
  const email =
    (await contact.getByText('E-mail').locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
  expect(email).toContain('@');

  // Request the customer's portal, then abort while it is requesting.
  await page.getByRole('button', { name: 'Remote access' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: /Customer's portal/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: 'Request remote access?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('heading', { name: 'Requesting' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Abort' }).click();
  await expect(page.getByText('The request was aborted.')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Choose an entry point' })).toBeVisible();
  await expect(
    dialog.getByRole('radio', { name: /Customer's portal/ }).locator('xpath=ancestor::label'),
  ).toContainText('Not enabled');

  // Request again; the customer's contact approves through the mailed link.
  const requestedAt = new Date();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('heading', { name: 'Requesting' })).toBeVisible();
  const mail = await waitForMail(request, email, { template: 'remote-access-request', after: requestedAt });
  const link = /https?:\/\/\S+\/remote-access\/\S+/.exec(mail.text)?.[0];
  expect(link, 'approval link in the mail').toBeTruthy();
  const customer = await context.newPage();
  await customer.goto(link ?? '');
  await customer.getByRole('button', { name: 'Approve' }).click();
  await expect(customer.getByRole('heading')).toContainText(/approved/i);
  await customer.close();

  // The dialog notices the approval by itself and opens the portal with a one-time token.
  await expect(dialog.getByRole('button', { name: 'Open portal' })).toBeVisible({ timeout: 20_000 });
  const config = (await (await request.get('/api/config')).json()) as { userPortalUrl: string };
  await context.route(`${config.userPortalUrl}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Customer portal</h1>' }),
  );
  const [portal] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: 'Open portal' }).click(),
  ]);
  await portal.waitForURL((url) => url.href.startsWith(config.userPortalUrl));
  const token = portal.url().slice(config.userPortalUrl.length);
  expect(token.length).toBeGreaterThan(20);
  await expect(portal.getByRole('heading', { name: 'Customer portal' })).toBeVisible();

  // The token opens the portal once.
  const consume = () => request.post('/api/user-portal-auth/otp/consume', { data: { token } });
  expect((await consume()).status()).toBe(200);
  expect((await consume()).status()).toBe(401);

  await page.goto(`/account/${orgId}/overview`);
  await expect(
    page.getByRole('heading', { level: 2 }).first().locator('..').getByText('Enabled'),
  ).toBeVisible();
});
