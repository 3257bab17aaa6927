import { expect, type Page } from '@playwright/test';

/**
 * Opens /login and waits until the pre-rendered sign-in form's own script is there (issue 24: the form signs
 * in by itself, the app loads after), so a submit is the form's and not one kept for later.
 */
export async function gotoLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await startLoginForm(page);
}

/**
 * Signed out, /login loads the form's sign-in script on the visitor's first interaction
 * (web/public/login-boot.js): a key press that types nothing starts it; then this waits for it. A signed-in
 * visitor gets the app at once instead (which sends them on).
 */
export async function startLoginForm(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page
    .locator('#prerendered-login-form[data-ready], #root > *')
    .first()
    .waitFor({ state: 'attached', timeout: 45_000 });
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
