import {
  accessTokenOf,
  disableAuthenticator,
  enableAuthenticator,
  totpCode,
} from '../support/authenticator.ts';
import { openMyCompany, resellerCall, sessionTokenOf } from '../support/company.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { signInAs, submitLogin } from '../support/sign-in.ts';

const expect = slowJourney(240_000);

/**
 * Issue 25 items 7 and 9: the owner requires two-step sign-in; a member without it signs in, is taken to the
 * setup page (and kept there), sets up an authenticator app and reaches the dashboard.
 */
test('a company that requires two-step sign-in sends a member without it to set up, then lets them in', async ({
  page,
  request,
  company,
  members,
}) => {
  const member = await members.createActive({ prefix: 'twostep' });
  await signInAs(page, company.owner);
  const ownerSession = await sessionTokenOf(page);
  const ownerAccess = await accessTokenOf(page);
  // Requiring it takes a second factor of the owner's own first.
  await enableAuthenticator(request, ownerAccess);
  try {
    await openMyCompany(page);
    const toggle = page.getByRole('switch', { name: 'Require two-step sign-in for all members' });
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await page
      .getByRole('dialog', { name: 'Require two-step sign-in?' })
      .getByRole('button', { name: 'Require' })
      .click();
    await expect(toggle).toBeChecked();
    const row = page.locator(`[data-email="${member.email}"]`);
    await expect(row.getByLabel('Two-step sign-in not set up')).toBeVisible();

    // The member signs in on a fresh session and is taken to set up at once.
    await page.evaluate(() => window.localStorage.clear());
    await submitLogin(page, member.email, member.password);
    await expect(page).toHaveURL(/\/two-step-setup$/, { timeout: 45_000 });
    await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
    // Every other page sends them back.
    await page.goto('/my-company');
    await expect(page).toHaveURL(/\/two-step-setup$/, { timeout: 45_000 });

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]+=*$/);
    await page.getByRole('textbox', { name: /code/i }).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    // In: the dealer's landing page, and the dashboard.
    await expect(page).toHaveURL(/\/account$/, { timeout: 45_000 });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 45_000 });
    await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();

    const me = await resellerCall(request, await sessionTokenOf(page), 'GET', '/v1/me');
    expect((await me.json()).mfa).toEqual({ enabled: true, methods: ['TOTP'], required: true });
  } finally {
    // The pooled company goes back as it came: no policy, its owner signing in by password.
    const off = await request.put(`/api/reseller/v1/companies/${company.companyId}/security`, {
      headers: { authorization: `Bearer ${ownerSession}` },
      data: { requireMfa: false },
    });
    expect(off.status(), await off.text()).toBe(200);
    await disableAuthenticator(request, ownerAccess);
  }
});
