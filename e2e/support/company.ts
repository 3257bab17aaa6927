import { type APIRequestContext, type APIResponse, expect, type Locator, type Page } from '@playwright/test';

/** The signed-in page's session token, as the app keeps it (Amplify's id token in localStorage). */
export async function sessionTokenOf(page: Page): Promise<string> {
  const state = await page.context().storageState();
  const token = state.origins
    .flatMap((origin) => origin.localStorage)
    .find((item) => item.name.endsWith('.idToken'))?.value;
  if (!token) throw new Error('The page has no signed-in session');
  return token;
}

/** A call to the reseller service with a session token, as a script (or a curious member) would make it. */
export function resellerCall(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: object,
): Promise<APIResponse> {
  return request.fetch(`/api/reseller${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
}

/** The /my-company members section. */
export const membersSection = (page: Page): Locator => page.getByRole('region', { name: /^(Members|成員)$/ });

/** One member's row (table at wide widths, list entry at narrow ones), found by email. */
export const memberRow = (page: Page, email: string): Locator =>
  membersSection(page).locator(`[data-email="${email}"]`);

/** The role tag in a row or in the account menu: 'owner' or 'member'. */
export const roleTagIn = (scope: Locator): Locator => scope.locator('[data-role]');

/** Opens the header's account menu and returns it. */
export async function openAccountMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^(Account menu|帳號選單)$/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible({ timeout: 30_000 });
  return menu;
}

/**
 * Opens the account menu, checks who it says is signed in (the name, e-mail address and role given), and
 * closes it again.
 */
export async function expectAccountMenuShows(
  page: Page,
  who: { name?: string; email?: string; role?: 'owner' | 'member' },
): Promise<void> {
  const menu = await openAccountMenu(page);
  if (who.name) await expect(menu.getByTestId('account-menu-name')).toHaveText(who.name);
  if (who.email) await expect(menu).toContainText(who.email);
  if (who.role) {
    await expect(roleTagIn(menu)).toHaveAttribute('data-role', who.role);
    await expect(roleTagIn(menu)).toHaveText(who.role === 'owner' ? 'Owner' : 'Member');
  }
  await closeMenu(page);
}

/** Closes an open menu with Escape and waits until it is gone. */
export async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
}

/** Waits for /my-company to show the company and its members. */
export async function openMyCompany(page: Page): Promise<void> {
  if (!new URL(page.url()).pathname.endsWith('/my-company')) await page.goto('/my-company');
  await expect(page.getByRole('heading', { level: 1, name: /^(My Company|我的公司)$/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(membersSection(page).locator('[data-email]').first()).toBeVisible({ timeout: 30_000 });
}
