import { expect, test } from '@playwright/test';
import { gotoLogin } from '../support/sign-in.ts';

test.describe('web shell', () => {
  test('unknown paths show the translated Not found page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    await expect(page).toHaveTitle(/^Not found \| /);
    await expect(page.getByRole('link', { name: /go to home page$/i }).first()).toBeVisible();
    await expect(page.getByText(/^Copyright © 2025 .+ All Rights Reserved\.$/)).toBeVisible();
  });

  test('protected pages send visitors without a session to /login', async ({ page }) => {
    await page.goto('/account/some-org/device');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('target', '_blank');
  });

  test('language and theme choices are stored and restored', async ({ page }) => {
    await gotoLogin(page);
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('menuitem', { name: '繁體中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();

    await page.getByRole('button', { name: '變更外觀' }).click();
    await page.getByRole('menuitem', { name: '深色' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('partner-portal.theme'))).toBe('dark');
  });
});
