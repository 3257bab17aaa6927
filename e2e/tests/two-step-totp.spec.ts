import { slowJourney, test } from '../support/fixtures.ts';
import { gotoLogin, signIn, submitLogin } from '../support/sign-in.ts';
import { authenticatorApp, closeSecurityAndLogOut, openSignInSecurity } from '../support/two-step.ts';

// SRP runs in the browser and each sign-in is two; on a shared machine that takes seconds.
const expect = slowJourney(240_000);

/**
 * Issue 25 items 5, 6 and 9: an authenticator app set up in Profile settings (QR code and key; codes computed
 * here from the key with otpauth), then the next sign-in asks for its code after the password.
 */
test('set up an authenticator app in the profile, log out, sign in with its code', async ({
  members,
  page,
}) => {
  const member = await members.createActive({ prefix: 'totp' });
  await signIn(page, member.email, member.password);

  const security = await openSignInSecurity(page, member.password);
  const app = security.getByRole('region', { name: 'Authenticator app' });
  await expect(app.getByText('Off', { exact: true })).toBeVisible();
  await app.getByRole('button', { name: 'Set up' }).click();
  await expect(app.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const authenticator = authenticatorApp((await app.getByTestId('totp-secret').textContent()) ?? '');
  await app.getByRole('textbox', { name: 'Verification code' }).fill(authenticator.now());
  await app.getByRole('button', { name: 'Verify' }).click();
  await expect(app.getByText('On', { exact: true })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Turn off' })).toBeVisible();
  await closeSecurityAndLogOut(page);

  await gotoLogin(page);
  await submitLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/two-step-sign-in$/, { timeout: 45_000 });
  await expect(page.getByRole('heading', { name: 'Enter your verification code' })).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Verification code' });
  await code.fill('000000' === authenticator.next() ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Incorrect code. Please enter the current code from your authenticator app.',
  );
  await code.fill(authenticator.next());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/(login|two-step-sign-in)(\?|$)/, { timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});
