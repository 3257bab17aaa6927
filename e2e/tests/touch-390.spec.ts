import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { animationsFinished } from '../../browser-kit/animations.ts';
import { withoutChangeStream } from '../../browser-kit/change-stream.ts';
import { openAccountMenu } from '../support/company.ts';
import { expectRowsStacked } from '../support/customers.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { customerWith } from '../support/made-data.ts';
import { gotoLogin, signInAs, submitLogin } from '../support/sign-in.ts';
import { hookUrl } from '../support/sink.ts';
import { auditTouch } from '../support/touch-audit.ts';

// Sign-in runs SRP in the browser and every screen of a role is walked in one test; a shared machine is slow.
const expect = slowJourney(420_000);

/**
 * Issue 24 point 8: a technician's phone. Every route of the app (signed out, a dealer's, a distributor's and
 * HQ's partner routes) and its main dialogs and menus at 390 × 844 with touch: nothing scrolls sideways,
 * every visible target is at least 44 × 44 CSS px (WCAG 2.5.5; inline links in a sentence are 2.5.8's
 * exception, see touch-audit.ts), and lists show as cards, not tables. A screen's offenders fail softly,
 * by role and name, so one run lists every screen's.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

// The change stream keeps the network busy; these screens are checked once they have settled.
test.beforeEach(async ({ context }) => {
  await withoutChangeStream(context);
  // No internet on the test machine: map tiles are refused at once (the map draws its bundled outlines).
  await context.route(/tile/, (route) => route.abort());
});

/** Checks the page as it is now: no sideways scroll, no small target, no table. */
async function expectFitsAPhone(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('.MuiSkeleton-root, .MuiCircularProgress-root')).toHaveCount(0);
  await animationsFinished(page);
  const audit = await auditTouch(page);
  expect.soft(audit.overflow, `${screen}: scrolls sideways by ${audit.overflow} px`).toBeLessThanOrEqual(0);
  expect.soft(audit.smallTargets, `${screen}: targets under 44 × 44 px`).toEqual([]);
  expect.soft(audit.wideTables, `${screen}: tables wider than the screen`).toEqual([]);
  expect.soft(audit.tables, `${screen}: tables instead of cards`).toEqual([]);
}

/**
 * A screen's overlays (dialogs, drawers, menus), by name: each opened by its opener, checked, and closed with
 * Escape before the next.
 */
async function expectOverlaysFit(
  page: Page,
  overlays: Record<string, readonly [opener: Locator, opened: Locator]>,
): Promise<void> {
  for (const [screen, [opener, opened]] of Object.entries(overlays)) {
    await opener.click();
    await expect(opened).toBeVisible();
    await expectFitsAPhone(page, screen);
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
  }
}

/** The header's account menu and the dialogs it opens (profile settings, appearance, about). */
async function walkAccountMenu(page: Page): Promise<void> {
  await openAccountMenu(page);
  await expectFitsAPhone(page, 'account menu');
  await page.keyboard.press('Escape');
  for (const entry of ['Profile settings', 'Appearance', 'About']) {
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: new RegExp(`^${entry}`) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectFitsAPhone(page, `${entry} dialog`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await expectOverlaysFit(page, {
    'language menu': [page.getByRole('button', { name: 'Change language' }), page.getByRole('menu')],
    'navigation drawer': [
      page.getByRole('button', { name: 'Open navigation' }),
      page.getByRole('navigation', { name: /.+/ }).first(),
    ],
  });
}

test('signed out: sign-in, forgot password, set a new password and Not found fit a phone', async ({
  page,
  members,
}) => {
  await gotoLogin(page);
  await expectFitsAPhone(page, '/login');
  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  await expectFitsAPhone(page, '/forgot-password');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expectFitsAPhone(page, 'Not found');

  const member = await members.create({ prefix: 'touch' });
  await gotoLogin(page);
  await submitLogin(page, member.email, member.temporaryPassword);
  await expect(page).toHaveURL(/\/set-new-password$/);
  await expectFitsAPhone(page, '/set-new-password');
});

test.describe('a dealer', () => {
  test.use({ companyKind: 'dealer' });

  test('the dashboard, customers (cards and map), a customer’s tabs and dialogs, incidents fit a phone', async ({
    page,
    company,
  }) => {
    await signInAs(page, company.owner);

    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-inventory')).toBeVisible();
    await expectFitsAPhone(page, '/dashboard');

    await page.goto('/account');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectFitsAPhone(page, '/account (cards)');
    // A customer with several devices: the device cards' stacking needs more than one.
    const orgId = customerWith(company.customers!, (_customer, devices) => devices.length >= 2).id;
    await page.goto('/account?view=mapMode');
    await expect(page.locator('.leaflet-interactive').first()).toBeVisible();
    await expectFitsAPhone(page, '/account (map)');

    await page.goto(`/account/${orgId}/overview`);
    await expect(page.getByRole('heading', { name: 'Main contact' })).toBeVisible();
    await expectFitsAPhone(page, 'customer overview');
    await expectOverlaysFit(page, {
      'customer metadata editor': [
        page.getByRole('button', { name: 'Edit', exact: true }),
        page.getByRole('dialog'),
      ],
      'remote access dialog': [
        page.getByRole('button', { name: 'Remote access' }),
        page.getByRole('radiogroup'),
      ],
    });
    await page.goto(`/account/${orgId}/overview?view=mapMode`);
    await expect(page.locator('.leaflet-interactive').first()).toBeVisible();
    await expectFitsAPhone(page, 'customer overview (sites map)');

    await page.goto(`/account/${orgId}/device`);
    await expect(page.getByTestId('device-row').first()).toBeVisible();
    // A card per device, each at its measured height (the estimate is a guess at a phone's card).
    await expectRowsStacked(page, '[data-testid="device-row"]');
    await expectFitsAPhone(page, 'customer devices');
    await expectOverlaysFit(page, {
      'device detail dialog': [
        page.getByTestId('device-row').first().getByRole('button').first(),
        page.getByRole('dialog'),
      ],
    });
    // The filters are the phone's own selects (its picker, not a menu of ours to fit).
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveJSProperty('tagName', 'SELECT');

    await page.goto(`/account/${orgId}/license`);
    await expect(page.getByRole('heading', { name: 'Sites and devices without license' })).toBeVisible();
    await expectFitsAPhone(page, 'customer licenses');

    await page.goto('/incidents');
    await expect(page.getByTestId('incident-row').first()).toBeVisible();
    await expectFitsAPhone(page, '/incidents');
    await page.getByTestId('incident-row').first().getByRole('button').first().click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('timeline-event').first()).toBeVisible();
    await expectFitsAPhone(page, 'incident timeline');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('My Company, its members, notifications and a webhook, and the account menu’s dialogs fit a phone', async ({
    page,
    company,
    members,
  }) => {
    await members.create({ prefix: 'touch' });
    await signInAs(page, company.owner);

    await page.goto('/my-company');
    await expect(page.locator('[data-email]').nth(1)).toBeVisible();
    await expectFitsAPhone(page, '/my-company');
    await expectOverlaysFit(page, {
      'add member dialog': [page.getByRole('button', { name: 'Add member' }), page.getByRole('dialog')],
      'edit company name dialog': [
        page.getByRole('button', { name: 'Edit company name' }),
        page.getByRole('dialog'),
      ],
    });
    await walkAccountMenu(page);

    await page.goto('/my-company/notifications');
    await expect(page.getByRole('region', { name: 'Webhooks' })).toBeVisible();
    await expectFitsAPhone(page, '/my-company/notifications');
    await expectOverlaysFit(page, {
      'rule dialog': [page.getByRole('button', { name: 'Add rule' }), page.getByRole('dialog')],
    });

    // A webhook of its own, through the form: its page is the last dealer route.
    const name = `touch-${randomUUID().slice(0, 8)}`;
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await expectFitsAPhone(page, 'webhook dialog');
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByRole('textbox', { name: /^URL/ }).fill(hookUrl(name));
    await form.getByRole('button', { name: 'Save' }).click();
    const secret = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secret.getByTestId('webhook-secret')).toBeVisible();
    await expectFitsAPhone(page, 'webhook secret dialog');
    await secret.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page).toHaveURL(/\/my-company\/notifications\/webhooks\/[^/]+$/);
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByTestId('delivery-row').first()).toBeVisible();
    await expectFitsAPhone(page, 'webhook page');
  });
});

test.describe('a distributor', () => {
  test.use({ companyKind: 'partner-disty' });

  test('its partners (list and map), a dealer’s scorecard and the read-only view of the dealer fit a phone', async ({
    page,
    company,
  }) => {
    const dealer = company.dealers?.[0];
    if (!dealer) throw new Error('the partner distributor has no dealers');
    await signInAs(page, company.owner);

    await page.goto('/partners');
    await expect(page.getByRole('link', { name: dealer.name }).first()).toBeVisible();
    await expectFitsAPhone(page, '/partners');
    await page.goto('/partners?view=map');
    await expect(page.locator('.leaflet-container')).toBeVisible();
    await expectFitsAPhone(page, '/partners (map)');

    await page.goto(`/partners/${dealer.companyId}`);
    await expect(page.getByRole('list', { name: 'Customers with the most open incidents' })).toBeVisible();
    await expectFitsAPhone(page, 'scorecard');

    const view = `/partners/${dealer.companyId}/view`;
    await page.goto(view);
    await expect(page.getByTestId('dashboard-inventory')).toBeVisible();
    await expectFitsAPhone(page, 'read-only dashboard');
    await page.goto(`${view}/customers`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectFitsAPhone(page, 'read-only customers');
    const customer = page.getByRole('article').first().locator('a').first();
    const orgId = /\/customers\/([^/?]+)/.exec((await customer.getAttribute('href')) ?? '')?.[1];
    for (const [tab, name] of [
      ['overview', 'Overview'],
      ['device', 'Device'],
      ['license', 'License'],
    ]) {
      await page.goto(`${view}/customers/${orgId}/${tab}`);
      await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
      await expectFitsAPhone(page, `read-only customer ${tab}`);
    }
    await page.goto(`${view}/incidents`);
    await expect(page.getByTestId('incident-count').or(page.getByText(/No open incidents/))).toBeVisible();
    await expectFitsAPhone(page, 'read-only incidents');

    await page.goto('/my-company');
    await expect(page.locator('[data-email]').first()).toBeVisible();
    await expectFitsAPhone(page, '/my-company (distributor)');
  });
});

test.describe('HQ', () => {
  test.use({ companyKind: 'partner-hq' });

  test('every partner, filtered by role, fits a phone', async ({ page, company }) => {
    await signInAs(page, company.owner);
    await page.goto('/partners');
    await expect(page.getByRole('combobox', { name: 'Role' })).toBeVisible();
    await expectFitsAPhone(page, '/partners (HQ)');
    // The role filter is the phone's own select (its picker, not a menu of ours to fit).
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveJSProperty('tagName', 'SELECT');
  });
});
