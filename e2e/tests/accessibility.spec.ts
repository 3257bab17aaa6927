import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsFinished } from '../../browser-kit/animations.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { gotoLogin, signInAs } from '../support/sign-in.ts';

// Sign-in runs SRP in the browser; a shared machine is slow.
const expect = slowJourney(240_000);
// Each journey signs in as the owner of a dealer company of its own, with customers.
test.use({ companyKind: 'dealer' });

/** WCAG 2.1 A and AA rules of axe-core; any violation fails with its rule, impact and first elements. */
async function expectNoViolations(page: Page, screen: string): Promise<void> {
  await animationsFinished(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = results.violations.map(
    (violation) =>
      `${screen}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
        .join(', ')}`,
  );
  expect.soft(found).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('public pages have no WCAG 2.1 AA violations', async ({ page }) => {
      await gotoLogin(page);
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await expectNoViolations(page, '/login');

      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
      await expectNoViolations(page, '/forgot-password');

      await page.goto('/no-such-page');
      await expect(page.getByRole('link').first()).toBeVisible();
      await expectNoViolations(page, 'not found');
    });

    test('the incidents page and a timeline have no WCAG 2.1 AA violations', async ({ page, company }) => {
      await signInAs(page, company.owner);
      await page.goto('/incidents');
      await expect(page.getByTestId('incident-row').first()).toBeVisible();
      await expectNoViolations(page, '/incidents');
      await page.getByTestId('incident-row').first().getByRole('button').first().click();
      await expect(page.getByRole('dialog').getByTestId('timeline-event').first()).toBeVisible();
      await expectNoViolations(page, 'incident timeline');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('list', { name: 'Incidents' })).toBeVisible();
      await expectNoViolations(page, '/incidents at 390 px');
    });

    test('the notification settings have no WCAG 2.1 AA violations', async ({ page, company }) => {
      await signInAs(page, company.owner);
      await page.goto('/my-company/notifications');
      await expect(page.getByRole('region', { name: 'Webhooks' })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectNoViolations(page, '/my-company/notifications');
      await page
        .getByRole('region', { name: 'Webhooks' })
        .getByRole('button', { name: 'Add webhook' })
        .click();
      await expect(page.getByRole('dialog', { name: 'Add webhook' })).toBeVisible();
      await expectNoViolations(page, 'add webhook dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoViolations(page, '/my-company/notifications at 390 px');
    });

    test("a dealer's pages and account dialogs have no WCAG 2.1 AA violations", async ({
      page,
      company,
      members,
    }) => {
      const member = await members.create({ prefix: 'a11y' });
      await signInAs(page, company.owner);

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
      await expectNoViolations(page, '/dashboard');

      await page.goto('/account');
      const cards = page.getByRole('article');
      await expect(cards.first()).toBeVisible();
      await expectNoViolations(page, '/account');
      await page.getByRole('button', { name: 'Map view' }).click();
      await expect(page.locator('.leaflet-interactive').first()).toBeVisible();
      await expectNoViolations(page, '/account map view');
      await page.getByRole('button', { name: 'Card view' }).click();

      await cards.first().getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: 'My Customer Detail' })).toBeVisible();
      await expect(page.getByText('Main contact')).toBeVisible();
      await expectNoViolations(page, 'customer overview');

      const contact = page.getByRole('region', { name: 'Main contact' });
      await contact.getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit customer information' });
      await expect(editor).toBeVisible();
      await expectNoViolations(page, 'customer information editor');
      await editor.getByLabel('Phone').fill('+886 2 5550 1234');
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('Are you sure you want to leave?')).toBeVisible();
      await expectNoViolations(page, 'leave confirmation');
      await page.getByRole('button', { name: 'Leave' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('button', { name: 'Remote access' }).click();
      await expect(page.getByRole('dialog').getByRole('radio').first()).toBeVisible();
      await expectNoViolations(page, 'remote access dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('tab', { name: 'Device' }).click();
      await expect(page.getByText('Cloud platform: loaded')).toBeVisible();
      await expectNoViolations(page, 'customer devices');
      await page.getByTestId('device-row').first().getByRole('button').click();
      await expect(page.getByRole('dialog', { name: /Device details/ })).toBeVisible();
      await expectNoViolations(page, 'device detail');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('tab', { name: 'License' }).click();
      await expect(page.getByRole('heading', { name: 'Sites and devices without license' })).toBeVisible();
      await expectNoViolations(page, 'customer licenses');

      await page.goto('/my-company');
      await expect(page.getByRole('heading', { level: 1, name: 'My Company' })).toBeVisible();
      await expect(page.getByText(member.email).first()).toBeVisible();
      await expectNoViolations(page, '/my-company');

      await page.getByRole('button', { name: 'Add member' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, 'add member dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/my-company?changePassword=1');
      await expect(page.getByRole('dialog', { name: 'Change password' })).toBeVisible();
      await expectNoViolations(page, 'change password dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      for (const item of ['Profile settings', 'Appearance', 'About']) {
        await page.getByRole('button', { name: /account menu/i }).click();
        await page.getByRole('menuitem', { name: item }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoViolations(page, `${item} dialog`);
        await page
          .getByRole('dialog')
          .getByRole('button', { name: /^(Cancel|Close)$/ })
          .click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    });
  });
}

test('sign in and move around with the keyboard alone', async ({ page, company }) => {
  await gotoLogin(page);
  await page.getByLabel('Email').focus();
  await page.keyboard.type(company.owner.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(company.owner.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/, { timeout: 45_000 });

  // Every visible focus stop is reachable; the navigation link to My Company opens with Enter. A rail link
  // resting under the keyboard shows its tooltip beside it (shared/ui/LazyTooltip.tsx); asked of the page in
  // one step all the same.
  const myCompany = page.getByRole('link', { name: 'My Company' });
  const myCompanyFocused = () =>
    page.evaluate(() => {
      const focused = document.activeElement;
      return focused?.tagName === 'A' && focused.getAttribute('href') === '/my-company';
    });
  for (let step = 0; step < 40 && !(await myCompanyFocused()); step++) {
    await page.keyboard.press('Tab');
  }
  await expect(myCompany).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'My Company' })).toBeVisible();

  // The account menu opens from the keyboard, moves with arrows and closes with Escape, returning focus.
  const menuButton = page.getByRole('button', { name: /account menu/i });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
});

test('dialogs keep the focus inside and give it back when they close', async ({ page, company }) => {
  await signInAs(page, company.owner);
  await page.goto('/my-company');
  const add = page.getByRole('button', { name: 'Add member' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();

  // A dialog opened from the account menu gives the focus back to the menu's button.
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'About' }).press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
});

test.describe('partner hierarchy', () => {
  test.use({ companyKind: 'partner-disty' });
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`/partners and a read-only dealer view have no WCAG 2.1 AA violations (${colorScheme})`, async ({
      page,
      company,
    }) => {
      await page.emulateMedia({ colorScheme });
      await signInAs(page, company.owner);
      await expect(page.getByTestId('partner-row').first()).toBeVisible();
      await expectNoViolations(page, '/partners');
      const dealer = company.dealers![0]!;
      await page.goto(`/partners/${dealer.companyId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectNoViolations(page, 'partner scorecard');
      await page.goto(`/partners/${dealer.companyId}/view/customers`);
      await expect(page.getByTestId('partner-view-banner')).toBeVisible();
      await expect(page.getByTestId('customer-count')).toBeVisible();
      await expectNoViolations(page, 'read-only dealer view');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/partners');
      await expect(page.getByTestId('partner-row').first()).toBeVisible();
      await expectNoViolations(page, '/partners at 390 px');
      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await expect(page.locator('.leaflet-interactive').first()).toBeVisible();
      await expectNoViolations(page, '/partners map at 390 px');
    });
  }
});
