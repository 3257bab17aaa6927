import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The ids of the customers on the signed-in dealer's customer list (card view), in list order, each once. */
export async function customerIds(page: Page): Promise<string[]> {
  await page.goto('/account');
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  const hrefs = await page
    .getByRole('article')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => href.split('/')[2] ?? '').filter(Boolean))];
}
