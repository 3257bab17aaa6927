import type { CDPSession } from '@playwright/test';
import { openAccountMenu } from '../support/company.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { gotoLogin, signIn } from '../support/sign-in.ts';
import { closeSecurityAndLogOut, openSignInSecurity } from '../support/two-step.ts';

const expect = slowJourney(240_000);

/** Chromium's virtual authenticator (CDP WebAuthn domain): a platform passkey with user verification. */
async function addVirtualAuthenticator(cdp: CDPSession): Promise<string> {
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

/**
 * Issue 25 items 5, 6 and 9: a passkey registered in Profile settings (Amplify's associateWebAuthnCredential
 * against the embedded pool, Chromium's virtual authenticator), then 'Sign in with a passkey' on /login, and
 * the passkey confirming "it's you" in Sign-in security, where it is finally deleted.
 */
test('register a passkey in the profile, log out, sign in with it', async ({ members, page }) => {
  const cdp = await page.context().newCDPSession(page);
  const authenticatorId = await addVirtualAuthenticator(cdp);
  const member = await members.createActive({ prefix: 'passkey' });
  await signIn(page, member.email, member.password);

  let security = await openSignInSecurity(page, member.password);
  const passkeys = security.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByRole('listitem')).toContainText('Added');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  await closeSecurityAndLogOut(page);

  await gotoLogin(page);
  await page.getByLabel(/^Email/).fill(member.email);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/(login|two-step-sign-in)(\?|$)/, { timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // The passkey also confirms it's you; then it is deleted, and the account has none.
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile settings' }).click();
  await page
    .getByRole('dialog', { name: 'Profile settings' })
    .getByRole('button', { name: 'Sign-in security' })
    .click();
  security = page.getByRole('dialog', { name: 'Sign-in security' });
  await security.getByRole('button', { name: 'Use a passkey instead' }).click();
  const listed = security.getByRole('region', { name: 'Passkeys' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await listed.getByRole('button', { name: /^Delete / }).click();
  await page
    .getByRole('dialog', { name: 'Delete this passkey?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(security.getByText('No passkeys yet.')).toBeVisible();
});
