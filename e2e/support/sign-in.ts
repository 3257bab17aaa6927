import { expect, type Page } from '@playwright/test';

/**
 * Opens /login and waits until the app has taken over the sign-in form index.html paints before the app loads
 * (issue 24). Playwright finds a field, then types into whatever has the focus: a pre-rendered field found just
 * before the takeover is gone when the text arrives, and the text lands in the app's focused field instead.
 */
export async function gotoLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await startLoginApp(page);
}

/**
 * Signed out, /login loads the app on the visitor's first interaction (web/public/login-boot.js): a key
 * press that types nothing starts it; then this waits for the takeover.
 */
export async function startLoginApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator('#prerendered-login').waitFor({ state: 'detached', timeout: 45_000 });
}

/** Fills and submits the real /login form (English or Traditional Chinese labels). Does not wait. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await gotoLogin(page);
  await page.getByLabel(/^(Email|電子郵件)/).fill(email);
  await page.getByLabel(/^(Password|密碼)/).fill(password);
  await page.getByRole('button', { name: /^(Login|登入)$/ }).click();
}

/** Signs in through /login and waits until the app has left the public pages. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await gotoLogin(page);
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/(login|set-new-password)(\?|$)/, { timeout: 45_000 });
}

/** Signs an account in (a company's owner, a member made by the test, a demo account). */
export async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  await signIn(page, account.email, account.password);
}
