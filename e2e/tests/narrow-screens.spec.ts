import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { animationsFinished } from '../../browser-kit/animations.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { signInAs } from '../support/sign-in.ts';

// Sign-in runs SRP in the browser; a shared machine is slow.
const expect = slowJourney(240_000);

/**
 * Issue 23 point 15: what a walk at 390 px found. axe's serious findings (a list with separator children on
 * My Company, a scrolling table the keyboard could not reach on the dashboard), the header's brand cut to
 * 'Lumora Partner …', the scorecard's customer table clipped and naming the dealer on every row, and the
 * read-only view's tabs showing scroll arrows at 1440 px.
 */
const PHONE = { width: 390, height: 844 };

/** axe's WCAG 2.1 A and AA rules; any serious or critical violation fails with its rule and first elements. */
async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  await animationsFinished(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) — ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
          .join(', ')}`,
    );
  expect.soft(found).toEqual([]);
}

/** Whether an element's text is cut (ellipsis or clipped): its content is wider or taller than its box. */
const isCut = (locator: Locator) =>
  locator.evaluate(
    (element) =>
      element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
  );

/** Nothing on the page sticks out sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
}

test.describe('a dealer at 390 px', () => {
  test.use({ companyKind: 'dealer', viewport: PHONE });

  test('My Company and the dashboard have no serious axe finding', async ({ page, company, members }) => {
    // Two members, so the narrow member list has an entry after the first (where the separator was).
    await members.create({ prefix: 'narrow' });
    await members.create({ prefix: 'narrow' });
    await signInAs(page, company.owner);

    await page.goto('/my-company');
    await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(3);
    await expectNoSeriousViolations(page, '/my-company at 390 px');

    await page.goto('/dashboard');
    // Issue 24 point 8: the license inventory is a card per license at 390 px (it was a table scrolling
    // sideways in a region the keyboard had to reach).
    const inventory = page.getByTestId('dashboard-inventory');
    await expect(inventory.getByRole('list', { name: 'License inventory' })).toBeVisible();
    await expect(inventory.getByRole('table')).toHaveCount(0);
    await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
    await expectNoSeriousViolations(page, '/dashboard at 390 px');
  });

  for (const language of ['en', 'zh-TW'] as const) {
    test(`the header shows the whole brand (${language})`, async ({ page, company }) => {
      await useLanguage(page, language);
      await signInAs(page, company.owner);
      await page.goto('/dashboard');
      const brand = page.getByRole('banner').getByText('Lumora Partner Portal', { exact: true });
      await expect(brand).toBeVisible();
      expect(await isCut(brand)).toBe(false);
      await expectNoSidewaysScroll(page, `header (${language})`);
    });
  }
});

test.describe('a distributor', () => {
  test.use({ companyKind: 'partner-disty' });

  test('at 390 px a dealer’s scorecard lists its customers readably, without the dealer on every row', async ({
    page,
    company,
  }) => {
    const dealer = company.dealers?.[0];
    if (!dealer) throw new Error('the partner distributor has no dealers');
    await page.setViewportSize(PHONE);
    await signInAs(page, company.owner);
    await page.goto(`/partners/${dealer.companyId}`);
    const customers = page.getByRole('list', { name: 'Customers with the most open incidents' });
    await expect(customers.getByRole('listitem')).toHaveCount(2);
    await expect(customers.getByText(dealer.name)).toHaveCount(0);
    for (const item of await customers.getByRole('listitem').all()) {
      await expect(item.getByText('Open incidents')).toBeVisible();
      expect(await isCut(item)).toBe(false);
    }
    await expectNoSidewaysScroll(page, 'scorecard');
    await expectNoSeriousViolations(page, 'scorecard at 390 px');

    // Wide, it is a table, and still without a dealer column for one dealer's customers.
    await page.setViewportSize({ width: 1440, height: 900 });
    const table = page.getByRole('table', { name: 'Customers with the most open incidents' });
    await expect(table.getByTestId('scorecard-customer')).toHaveCount(2);
    await expect(table.getByRole('columnheader', { name: 'Dealer' })).toHaveCount(0);
  });

  test('at 1440 px the read-only view’s three tabs show no scroll arrows', async ({ page, company }) => {
    const dealer = company.dealers?.[0];
    if (!dealer) throw new Error('the partner distributor has no dealers');
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, company.owner);
    await page.goto(`/partners/${dealer.companyId}/view`);
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab')).toHaveCount(3);
    await expect(page.getByTestId('dashboard-inventory').getByRole('table')).toBeVisible();
    // No scroll arrows (MUI's scrolling tabs showed them at 1440 px once) and nothing to scroll: three tabs
    // always fit from 600 px up.
    await expect(page.locator('.MuiTabs-scrollButtons')).toHaveCount(0);
    expect(await tabs.evaluate((strip) => strip.scrollWidth - strip.clientWidth)).toBe(0);
  });
});
