import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { signInAs } from '../support/sign-in.ts';

/**
 * Hostile input: names carrying markup (customers, sites and devices come from the platforms, older
 * records predate the form rules) render as text. The real responses are taken from the server and only
 * the names are swapped on the way, so every page renders what the API would send for such a record.
 */
const MARKUP = '<img src=x onerror="window.__xss=1"><b>Bold</b>';

test.describe.configure({ timeout: 120_000 });
test.use({ companyKind: 'dealer' });

/** Rewrites the JSON of matching responses; `change` edits the parsed body in place. */
async function rewrite(page: Page, pattern: RegExp, change: (body: Record<string, unknown>) => void) {
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    change(body);
    await route.fulfill({ response, json: body });
  });
}

async function expectNoMarkupRan(page: Page) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('b', { hasText: 'Bold' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
}

// Background refetches may still be in a handler when a test ends.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('customer list and detail show a name with markup as text', async ({ page, company }) => {
  await rewrite(page, /\/api\/user-portal\/companies\/organizations$/, (body) => {
    const items = body.items as { name: string }[];
    if (items[0]) items[0].name = MARKUP;
  });
  await rewrite(page, /\/api\/user-portal\/organizations\/[^/]+\/info$/, (body) => {
    body.name = MARKUP;
  });
  await signInAs(page, company.owner);
  await page.goto('/account');
  const card = page.getByRole('article').filter({ hasText: MARKUP });
  await expect(card.getByRole('heading')).toHaveText(MARKUP, { timeout: 30_000 });
  await expectNoMarkupRan(page);
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2, name: MARKUP })).toBeVisible({ timeout: 30_000 });
  await expectNoMarkupRan(page);
});

test('My Company shows company and member names with markup as text', async ({ page, company }) => {
  await rewrite(page, /\/api\/reseller\/v1\/companies\/info$/, (body) => {
    body.name = `Company ${MARKUP}`;
  });
  await rewrite(page, /\/api\/reseller\/v1\/companies\/[^/]+\/users$/, (body) => {
    const items = body.items as { name: string }[];
    if (items[0]) items[0].name = `Member ${MARKUP}`;
  });
  // Signed in after the routes are set, so no copy fetched earlier can be shown from a cache.
  await signInAs(page, company.owner);
  await page.goto('/my-company');
  await expect(page.getByText(`Company ${MARKUP}`).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Member ${MARKUP}`).first()).toBeVisible();
  await expectNoMarkupRan(page);
});
