import { randomUUID } from 'node:crypto';
import {
  expectAccountMenuShows,
  memberRow,
  openMyCompany,
  resellerCall,
  roleTagIn,
  sessionTokenOf,
} from '../support/company.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { readTemporaryPassword } from '../support/mailbox.ts';
import { gotoLogin, signInAs, submitLogin } from '../support/sign-in.ts';

// Several SRP sign-ins in the browser per test; on a shared machine each takes seconds.
const expect = slowJourney(240_000);

// The owner's member journeys, on a distributor company of the test's own (no dealers below it).
test.use({ companyKind: 'disty' });

test('the owner adds a member, who signs in with the mailed temporary password; rename; delete', async ({
  page,
  browser,
  request,
  company,
}) => {
  const { owner } = company;
  await signInAs(page, owner);
  await openMyCompany(page);
  const suffix = randomUUID().slice(0, 8);
  const email = `added-${suffix}@${owner.email.split('@')[1]}`;

  // Add: Save only once something is typed; the contracts' rules with their messages.
  await page.getByRole('button', { name: 'Add member' }).click();
  const add = page.getByRole('dialog', { name: 'Add member' });
  await expect(add.getByRole('button', { name: 'Save' })).toBeDisabled();
  await add.getByLabel('Email').fill('not-an-email');
  await add.getByLabel('Name').fill('Ann Lee&Co');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Invalid e-mail')).toBeVisible();
  await expect(add.getByText('Invalid characters: space &')).toBeVisible();

  // An address that already has an account: 'The Email Already Exists.'
  await add.getByLabel('Email').fill(owner.email);
  await add.getByLabel('Name').fill('Duplicate');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('The Email Already Exists.')).toBeVisible();

  const sent = new Date();
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Name').fill(`Added_${suffix}`);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully!')).toBeVisible();
  await expect(add).toBeHidden();
  const row = memberRow(page, email);
  await expect(row).toContainText(`Added_${suffix}`);
  await expect(roleTagIn(row)).toHaveText('Member');
  await expect(roleTagIn(row)).toHaveAttribute('data-role', 'member');

  // The new member reads the temporary password from the mail, signs in and chooses a password.
  const temporaryPassword = await readTemporaryPassword(request, email, sent);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  try {
    await gotoLogin(memberPage);
    await submitLogin(memberPage, email, temporaryPassword);
    await expect(memberPage).toHaveURL(/\/set-new-password$/);
    await memberPage.getByLabel('New password', { exact: true }).fill('Added-Own-Pass1');
    await memberPage.getByLabel('Confirm password', { exact: true }).fill('Added-Own-Pass1');
    await memberPage.getByRole('button', { name: 'Confirm' }).click();
    // A distributor lands on Partners; the first sign-in offers the welcome video.
    await expect(memberPage).toHaveURL(/\/partners$/);
    await memberPage.getByRole('button', { name: "Let's start" }).click();
    await openMyCompany(memberPage);
    await expectAccountMenuShows(memberPage, { name: `Added_${suffix}`, email, role: 'member' });
    await expect(memberRow(memberPage, email)).toContainText('(You)');
    const memberToken = await sessionTokenOf(memberPage);
    expect((await resellerCall(request, memberToken, 'GET', '/v1/me')).status()).toBe(200);

    // The owner renames the member; the modified form asks before it is cancelled.
    await row.getByRole('button', { name: 'Edit name' }).click();
    const rename = page.getByRole('dialog', { name: 'Edit name' });
    await expect(rename.getByLabel('Name')).toHaveValue(`Added_${suffix}`);
    await rename.getByLabel('Name').fill(`Renamed_${suffix}`);
    await rename.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: 'Are you sure you want to leave?' })).toBeVisible();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(rename.getByLabel('Name')).toHaveValue(`Renamed_${suffix}`);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename).toBeHidden();
    await expect(row).toContainText(`Renamed_${suffix}`);
    await memberPage.reload();
    await expect(memberRow(memberPage, email)).toContainText(`Renamed_${suffix}`);

    // Delete asks first; Cancel keeps the member.
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete this member?' });
    await expect(confirmDelete).toContainText(`Renamed_${suffix} (${email})`);
    await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmDelete).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted successfully!')).toBeVisible();
    await expect(row).toHaveCount(0);

    // The deleted member's sign-in is revoked at once: the API refuses it and the app sends them to login.
    expect((await resellerCall(request, memberToken, 'GET', '/v1/me')).status()).toBe(401);
    await memberPage.goto('/my-company');
    await expect(memberPage).toHaveURL(/\/login/);
    await memberPage.evaluate('localStorage.clear()');
    await gotoLogin(memberPage);
    await submitLogin(memberPage, email, 'Added-Own-Pass1');
    await expect(memberPage.getByRole('alert').first()).toBeVisible();
    await expect(memberPage).toHaveURL(/\/login$/);
  } finally {
    await memberContext.close();
  }
});

test('the owner renames the company; the leave confirmation guards the modified form', async ({
  page,
  company,
}) => {
  const { owner } = company;
  await signInAs(page, owner);
  await openMyCompany(page);
  const info = page.getByRole('region', { name: 'Company information' });
  const original = company.name;
  await expect(info).toContainText(original);
  await expect(info).toContainText(company.phone);
  await expect(info).toContainText(owner.email);
  await expect(info).toContainText('Distributor');

  await info.getByRole('button', { name: 'Edit company name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit company name' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  // Unmodified: Cancel closes directly.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Are you sure you want to leave?' })).toHaveCount(0);

  await info.getByRole('button', { name: 'Edit company name' }).click();
  await dialog.getByLabel('Company name').fill(`${original} <GmbH>`);
  await expect(dialog.getByText(/^Invalid characters: /)).toBeVisible();
  // Escape on a modified form asks; Leave discards.
  await page.keyboard.press('Escape');
  const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
  await expect(leave).toContainText('Your changes will lost if you leave.');
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(dialog).toBeHidden();
  await expect(info).toContainText(original);

  try {
    await info.getByRole('button', { name: 'Edit company name' }).click();
    await dialog.getByLabel('Company name').fill(`${original} GmbH`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(info).toContainText(`${original} GmbH`);
    await page.reload();
    await expect(info).toContainText(`${original} GmbH`);
  } finally {
    // The old name back through the API, as a script would.
    const token = await sessionTokenOf(page);
    const restored = await resellerCall(page.request, token, 'PATCH', '/v1/companies/info', {
      name: original,
    });
    expect(restored.status()).toBe(200);
  }
  await page.reload();
  await expect(info).toContainText(original);

  // The owner renames themself in the list: the header follows at once.
  const own = memberRow(page, owner.email);
  await own.getByRole('button', { name: 'Edit name' }).click();
  const rename = page.getByRole('dialog', { name: 'Edit name' });
  await rename.getByLabel('Name').fill(`${owner.name}_Renamed`);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(own).toContainText(`${owner.name}_Renamed`);
  await expectAccountMenuShows(page, { name: `${owner.name}_Renamed` });
});
