import { expect, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { openAccountMenu } from './company.ts';

/** An authenticator app in the test: RFC 6238 codes (30 s, 6 digits, SHA-1, Cognito's) from the key shown. */
export function authenticatorApp(secret: string) {
  const totp = new TOTP({ secret: secret.replace(/\s/g, ''), digits: 6, period: 30, algorithm: 'SHA1' });
  return {
    /** The code of the current 30 s step. */
    now: () => totp.generate(),
    /**
     * The code of the next step: accepted (±1 step) and never the one already used in this step, which the
     * pool refuses as a replay, however fast or slow the machine got here.
     */
    next: () => totp.generate({ timestamp: Date.now() + 30_000 }),
  };
}

/** Opens Profile settings → Sign-in security and confirms with the password. Returns the dialog. */
export async function openSignInSecurity(page: Page, password: string) {
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile settings' }).click();
  await page
    .getByRole('dialog', { name: 'Profile settings' })
    .getByRole('button', { name: 'Sign-in security' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Sign-in security' });
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('region', { name: 'Authenticator app' })).toBeVisible({ timeout: 30_000 });
  return dialog;
}

/** Closes Sign-in security and Profile settings, then logs out. */
export async function closeSecurityAndLogOut(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Sign-in security' }).getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('dialog', { name: 'Profile settings' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
}
