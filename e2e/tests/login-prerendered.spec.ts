import type { Page, Route } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';

/**
 * Issue 24 point 1: /login's form is in the HTML (web/prerender/login-shell.ts), usable before any of the
 * app's JavaScript arrives; the app takes it over with what the user typed and a submit made before.
 */
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** Holds every script of the app (hashed assets) until the returned function lets them through. */
async function holdAppScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

test('without the app, /login paints the usable form in the browser language; no app script is needed', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.route('**/assets/*.js', (route) => route.abort());
  await useLanguage(page, 'zh-TW');
  await page.goto('/login');

  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  const email = page.getByLabel('電子郵件');
  await expect(email).toBeFocused();
  await email.fill('owner@example.test');
  await expect(email).toHaveValue('owner@example.test');
  await expect(page.getByRole('button', { name: '登入' })).toBeVisible();
  await expect(page.getByRole('link', { name: '隱私權政策' })).toBeVisible();
  await expect(page.getByText('Email', { exact: true })).toBeHidden();
  expect(scripts).toEqual(['/login-boot.js']);
});

test('signed out, /login runs no script of the app until the visitor uses the page; then the app takes over', async ({
  page,
}) => {
  const scripts: string[] = [];
  const api: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push(pathname);
    if (pathname.startsWith('/api/')) api.push(pathname);
  });
  await page.goto('/login', { waitUntil: 'load' });
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  // Long enough for a script started at the first paint or the load event to have been requested.
  await page.waitForTimeout(2_000);
  expect(scripts).toEqual(['/login-boot.js']);
  expect(api).toEqual([]);

  await page.keyboard.press('Shift');
  await expect(page.locator('#prerendered-login')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  expect(scripts.filter((script) => script.startsWith('/assets/')).length).toBeGreaterThan(0);
  expect(api).toContain('/api/config');
});

test('the app takes the form over with what was typed, the focus and the submit, and signs in', async ({
  page,
  company,
}) => {
  const release = await holdAppScripts(page);
  // 'load' would wait for the held scripts.
  await page.goto('/login', { waitUntil: 'commit' });
  await page.locator('#prerendered-login-form').waitFor();
  await page.getByLabel('Email').fill(company.owner.email);
  await page.getByLabel('Password').fill(company.owner.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('#prerendered-login-form')).toHaveAttribute('data-submitted', '');

  await release();
  await expect(page.locator('#prerendered-login')).toHaveCount(0);
  await expect(page).toHaveURL(/\/account$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'My customer' })).toBeVisible();
});

test('typed before the app arrived, kept after it took over, without a submit', async ({ page }) => {
  const release = await holdAppScripts(page);
  // 'load' would wait for the held scripts.
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill('someone@example.test');
  await page.getByLabel('Password').fill('Typed-Early-1');
  await release();
  // The app's own fields (its password has a show/hide button) hold the values.
  await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible();
  await expect(page.locator('#prerendered-login')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue('someone@example.test');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Typed-Early-1');
});

test('a signed-out page other than /login carries no pre-rendered form', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  expect(await page.content()).not.toContain('prerendered-login');
});
