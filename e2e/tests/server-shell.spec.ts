import { expect, test } from '@playwright/test';

test('the server answers readiness and serves the app for deep links', async ({ page, request }) => {
  expect((await request.get('/readyz')).status()).toBe(200);
  const response = await page.goto('/some/unknown/page');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
});
