import { customerIds } from '../support/customers.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { readMailbox, waitForMail } from '../support/mailbox.ts';
import { signInAs } from '../support/sign-in.ts';

/** Issue 12 items 2 and 14: who approves remote access, and which servers the picker offers. */
const expect = slowJourney(240_000);
// Each test signs in as the owner of a dealer company of its own, with customers.
test.use({ companyKind: 'dealer' });
test.beforeEach(async ({ page, company }) => {
  await signInAs(page, company.owner);
});

const REASON = 'Disconnected servers cannot be reached remotely.';

test('the entry-point picker shows each server connected or not and does not offer a disconnected one', async ({
  page,
  companyData,
}) => {
  // The customers with a disconnected server, from the rows the kit made (it makes one for sure); the customer
  // list shows only the cards in view, which need not include them.
  const devices = new Map(companyData.devices.map((device) => [device.id, device]));
  const organizationOf = new Map(companyData.sites.map((site) => [site.id, site.organization_id]));
  const withDisconnectedServer = companyData.services.flatMap((service) => {
    const server = devices.get(service.device_id);
    return server?.connected === false ? [organizationOf.get(server.site_id) ?? ''] : [];
  });
  for (const orgId of new Set(withDisconnectedServer)) {
    await page.goto(`/account/${orgId}/overview`);
    await page.getByRole('button', { name: 'Remote access' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('radiogroup')).toBeVisible();
    const offline = dialog.locator('label', { hasText: REASON });
    if ((await offline.count()) === 0) {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      continue;
    }
    const label = offline.first();
    await expect(label).toContainText('Disconnected');
    await expect(label.getByRole('radio')).toBeDisabled();
    await label.click({ force: true });
    await expect(label.getByRole('radio')).not.toBeChecked();
    // The portal stays chosen; connected servers say so.
    await expect(dialog.getByRole('radio', { name: /Customer's portal/ })).toBeChecked();
    const online = dialog.locator('label', { hasText: /^(?!.*Disconnected).*Connected/ });
    if ((await online.count()) > 0) await expect(online.first().getByRole('radio')).toBeEnabled();
    return;
  }
  throw new Error('No customer has a disconnected server');
});

test("a dealer that edits the contact e-mail to its own address gets no approval link: the customer's address does", async ({
  page,
  company,
  request,
  context,
}) => {
  // A customer whose portal access is neither enabled nor requested.
  let orgId = '';
  for (const id of await customerIds(page)) {
    await page.goto(`/account/${id}/overview`);
    const header = page.getByRole('heading', { level: 2 }).first().locator('..');
    await expect(header.getByText(/^(Enabled|Requesting|Not enabled)$/)).toBeVisible();
    if (await header.getByText('Not enabled').isVisible()) {
      orgId = id;
      break;
    }
  }
  expect(orgId, 'a customer without remote access').not.toBe('');
  const contact = page.getByRole('region', { name: 'Main contact' });
  // The card shows its labels while the contact loads (aria-busy): read the value once it is there.
  await expect(contact).not.toHaveAttribute('aria-busy', 'true');
  const emailValue = contact.getByText('E-mail').locator('xpath=following-sibling::dd[1]');
  const customerEmail = ((await emailValue.textContent()) ?? '').trim();
  expect(customerEmail).toContain('@');
  const dealerEmail = `desk-${Date.now()}@${company.owner.email.split('@')[1]}`;

  const editEmail = async (value: string) => {
    await contact.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit customer information' });
    await editor.getByLabel('E-mail').fill(value);
    await expect(editor.getByText(/go to a new address only after a settling period/)).toBeVisible();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await expect(emailValue).toHaveText(value);
  };

  const changedAt = new Date();
  await editEmail(dealerEmail);
  // The customer's address hears of the change.
  const notice = await waitForMail(request, customerEmail, {
    template: 'contact-email-changed',
    after: changedAt,
  });
  expect(notice.text).toContain(dealerEmail);

  const requestedAt = new Date();
  await page.getByRole('button', { name: 'Remote access' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: /Customer's portal/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('heading', { name: 'Requesting' })).toBeVisible();

  const mail = await waitForMail(request, customerEmail, {
    template: 'remote-access-request',
    after: requestedAt,
  });
  expect(await readMailbox(request, dealerEmail)).toEqual([]);
  const link = /https?:\/\/\S+\/remote-access\/\S+/.exec(mail.text)?.[0];
  expect(link, 'approval link in the mail').toBeTruthy();
  const customer = await context.newPage();
  await customer.goto(link ?? '');
  await expect(customer.getByText(`This link was sent to ${customerEmail}`)).toBeVisible();
  await customer.getByRole('button', { name: 'Approve' }).click();
  await expect(customer.getByRole('heading')).toContainText(/approved/i);
  await expect(customer.getByText(`Approved as ${customerEmail}`)).toBeVisible();
  await customer.close();
  await expect(dialog.getByRole('button', { name: 'Open portal' })).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // And back to the customer's address.
  await editEmail(customerEmail);
});
