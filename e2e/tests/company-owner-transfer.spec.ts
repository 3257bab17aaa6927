import type { Page } from '@playwright/test';
import {
  expectAccountMenuShows,
  memberRow,
  openMyCompany,
  resellerCall,
  roleTagIn,
  sessionTokenOf,
} from '../support/company.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { signInAs } from '../support/sign-in.ts';

// Two SRP sign-ins in the browser and two page reloads; on a shared machine that takes a while.
const expect = slowJourney(240_000);

/** What the page lets this user do, as an owner sees it or as a member does. */
async function expectPowers(page: Page, role: 'owner' | 'member', otherEmail: string): Promise<void> {
  const owner = role === 'owner';
  await openMyCompany(page);
  await expect(page.getByRole('button', { name: 'Add member' })).toHaveCount(owner ? 1 : 0);
  await expect(page.getByRole('button', { name: 'Edit company name' })).toHaveCount(owner ? 1 : 0);
  await expect(memberRow(page, otherEmail).getByRole('button', { name: 'Assign as Owner' })).toHaveCount(
    owner ? 1 : 0,
  );
  await expectAccountMenuShows(page, { role });
}

/** Ownership of the test's own distributor company moves to a new member and back again. */
test.use({ companyKind: 'disty' });

test('assign as owner: both users’ powers change at once, in the page and at the API; then back', async ({
  page,
  request,
  company,
  memberBrowser,
}) => {
  const { owner } = company;
  // The heir: a member signed in on a browser of their own.
  const { member: heir, page: heirPage, context: heirContext } = memberBrowser;
  await signInAs(page, owner);
  await expectPowers(page, 'owner', heir.email);
  const ownerToken = await sessionTokenOf(page);

  await expectPowers(heirPage, 'member', owner.email);
  // When the new owner's page read the company; it is considered fresh for 30 s after that.
  const heirReadAt = Date.now();
  const heirToken = await sessionTokenOf(heirPage);
  expect(
    (await resellerCall(request, heirToken, 'PATCH', '/v1/companies/info', { name: 'X' })).status(),
  ).toBe(403);

  // The owner assigns: the spec's question, Cancel keeps everything.
  await memberRow(page, heir.email).getByRole('button', { name: 'Assign as Owner' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure to set this user account as Owner?' });
  await expect(confirm).toContainText("You will get all owner's authority immediately");
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(roleTagIn(memberRow(page, owner.email))).toHaveText('Owner');

  // Confirm: the dialog closes and the page reloads with the previous owner's powers gone.
  await memberRow(page, heir.email).getByRole('button', { name: 'Assign as Owner' }).click();
  const reloaded = page.waitForEvent('load');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await reloaded;
  await expectPowers(page, 'member', heir.email);
  await expect(roleTagIn(memberRow(page, heir.email))).toHaveText('Owner');
  await expect(roleTagIn(memberRow(page, owner.email))).toHaveText('Member');
  await expect(page.getByRole('region', { name: 'Company information' })).toContainText(heir.email);

  // The API agrees at once, with the same tokens as before.
  const rename = (token: string) =>
    resellerCall(request, token, 'PATCH', '/v1/companies/info', { name: company.name });
  expect((await rename(ownerToken)).status()).toBe(403);
  expect((await rename(heirToken)).status()).toBe(200);
  expect(
    (
      await resellerCall(
        request,
        ownerToken,
        'DELETE',
        `/v1/companies/${heir.companyId}/users/${heir.userId}`,
      )
    ).status(),
  ).toBe(403);

  // The new owner, still on the page loaded before the transfer (their sign-in still says who owned the
  // company then), is told once the page reads the company again (here: the network comes back after the
  // company data went stale); the notice's Reload shows every power.
  await heirPage.waitForTimeout(Math.max(0, heirReadAt + 31_000 - Date.now()));
  await heirContext.setOffline(true);
  await heirContext.setOffline(false);
  const notice = heirPage.getByRole('dialog', { name: 'The company owner has changed' });
  await expect(notice).toBeVisible();
  // Behind the notice (a dialog, SPEC §2), the page already offers the owner's actions.
  await expect(heirPage.getByRole('button', { name: 'Add member', includeHidden: true })).toHaveCount(1);
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expectPowers(heirPage, 'owner', owner.email);
  await expect(heirPage.getByText('The company owner has changed')).toHaveCount(0);

  // And back: the new owner assigns the first owner again.
  await memberRow(heirPage, owner.email).getByRole('button', { name: 'Assign as Owner' }).click();
  const back = heirPage.waitForEvent('load');
  await heirPage
    .getByRole('dialog', { name: 'Are you sure to set this user account as Owner?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await back;
  await expectPowers(heirPage, 'member', owner.email);
  await page.reload();
  await expectPowers(page, 'owner', heir.email);
  const info = await resellerCall(request, ownerToken, 'GET', '/v1/companies/info');
  expect(await info.json()).toMatchObject({ owner: true, ownerEmail: owner.email });
});
