import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import { slowJourney, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { dashboardNumbers } from '../support/made-data.ts';
import { signInAs } from '../support/sign-in.ts';

// Sign-in runs SRP in the browser and each test opens its own company's data first; a shared machine is slow.
const expect = slowJourney(180_000);

/** Opens the dashboard and returns the statistics the page itself received (same session, same token). */
async function openDashboard(page: Page): Promise<CompanyStatistics> {
  const response = page.waitForResponse(
    (r) => r.url().endsWith('/api/user-portal/companies/statistics') && r.request().method() === 'GET',
  );
  await page.goto('/dashboard');
  const statistics = (await (await response).json()) as CompanyStatistics;
  await expect(page.getByTestId('dashboard-summary')).toBeVisible();
  return statistics;
}

test.describe('dashboard', () => {
  // Each test signs in as the owner of a dealer company of its own, with customers.
  test.use({ companyKind: 'dealer' });
  test.beforeEach(async ({ page, company }) => {
    await signInAs(page, company.owner);
  });

  test('shows on every card the numbers of the data the test made', async ({ page, companyData }) => {
    // Counted from the rows the test kit made for this company, not read from the API: a wrong count in
    // the server's SQL shows as a wrong number here.
    const made = dashboardNumbers(companyData);
    await openDashboard(page);
    await expect(page).toHaveTitle(/^Dashboard \| /);
    const summary = page.getByTestId('dashboard-summary');
    await expect(summary.getByRole('link', { name: /^Customers: / })).toHaveText(String(made.customers));
    await expect(summary.getByRole('link', { name: /^Open incidents: / })).toHaveText(
      made.openIncidents.toLocaleString('en'),
    );

    const cameras = page.getByTestId('devices-first-camera');
    await expect(cameras.getByRole('link', { name: /· Cameras: / })).toHaveText(
      made.firstCameras.toLocaleString('en'),
    );
    await expect(cameras.getByRole('link', { name: /^Offline: / })).toHaveText(
      made.firstCamerasOffline.toLocaleString('en'),
    );
    await expect(cameras.getByRole('link', { name: /· SD card error: / })).toHaveText(
      made.firstCamerasRecordFailed.toLocaleString('en'),
    );
    const servers = page.getByTestId('devices-second-server');
    await expect(servers.getByRole('link', { name: /· Disk failed: / })).toHaveText(
      made.secondServersDiskFailed.toLocaleString('en'),
    );

    const incidents = page.getByTestId('incidents-CAMERA');
    await expect(incidents.getByRole('link', { name: /^SD card error: / })).toHaveText(
      String(made.openSdCardIncidents),
    );
    await expect(page.getByText('An error occurred while processing your request.')).toHaveCount(0);
  });

  /** A number as shown ('1,234'), as a number. */
  const numberOf = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

  /** The customer list a dashboard link opened: its customers and the items they hold, once loaded. */
  async function customerListTotals(page: Page) {
    const status = page.getByTestId('customer-count');
    await expect(status).toContainText(/·/, { timeout: 30_000 });
    const [customers, items] = (await status.textContent())!.split('·');
    return { customers: numberOf(customers!), items: numberOf(items!) };
  }

  /**
   * Clicks a dashboard number and returns the totals of the customer list it opens. The number counts
   * either items (devices, licenses, incidents: `items` must equal it) or customers.
   */
  async function openFromDashboard(page: Page, link: Locator) {
    const count = numberOf(await link.textContent());
    await link.click();
    await expect(page).toHaveURL(/\/account\?/);
    return { count, ...(await customerListTotals(page)) };
  }

  /** A customer to follow up: clicks its count in `column`, returns the number shown. */
  async function clickAttention(
    page: Page,
    column: 'expired' | 'expireSoon' | 'unlicensed',
  ): Promise<number> {
    await openDashboard(page);
    const rows = page.getByTestId('attention-row');
    await expect(rows.first()).toBeVisible();
    // The card shows eight customers, the expired first: about one company in 550 has no unlicensed
    // device among them (its customers lacking licenses all rank lower), and then there is no such link.
    test.skip(
      column === 'unlicensed' && (await rows.locator(`[data-column="${column}"] a`).count()) === 0,
      'none of the eight customers shown lacks a license',
    );
    const row = rows.filter({ has: page.locator(`[data-column="${column}"] a`) }).first();
    const link = row.locator(`[data-column="${column}"] a`);
    const expected = numberOf(await link.textContent());
    await link.click();
    const license = { expired: 'expired', expireSoon: 'expiring', unlicensed: 'unlicensed' }[column];
    await expect(page).toHaveURL(new RegExp(`/account/[^/]+/device\\?license=${license}$`));
    return expected;
  }

  /** The device tab shows "<shown> of <total> devices" once every site has loaded. */
  async function expectDeviceTabShows(page: Page, expected: number) {
    await expect(page.getByTestId('device-count')).toContainText(new RegExp(`^${expected} of `), {
      timeout: 30_000,
    });
  }

  test('sites, active licenses and open incidents open the customers holding them, adding up', async ({
    page,
  }) => {
    for (const name of [/^Sites: /, /^Active licenses: /, /^Open incidents: /]) {
      await openDashboard(page);
      const link = page.getByTestId('dashboard-summary').getByRole('link', { name });
      const list = await openFromDashboard(page, link);
      expect(list.items, String(name)).toBe(list.count);
    }
    await openDashboard(page);
    const serverRelated = page
      .getByTestId('incidents-SERVER')
      .getByRole('link', { name: /^Server related: / });
    const incidents = await openFromDashboard(page, serverRelated);
    expect(incidents.items).toBe(incidents.count);
  });

  test('the customer count opens the whole customer list', async ({ page }) => {
    const stats = await openDashboard(page);
    await page
      .getByTestId('dashboard-summary')
      .getByRole('link', { name: /^Customers: / })
      .click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId('customer-count')).toHaveText(`${stats.organizations.count} customers`, {
      timeout: 30_000,
    });
  });

  test('a count of unlicensed devices opens that customer’s device tab with exactly those devices', async ({
    page,
  }) => {
    await expectDeviceTabShows(page, await clickAttention(page, 'unlicensed'));
  });

  test('a count of devices with an expired license opens the device tab with exactly those devices', async ({
    page,
  }) => {
    await expectDeviceTabShows(page, await clickAttention(page, 'expired'));
  });

  test('a count of devices whose license expires within 30 days opens exactly those devices', async ({
    page,
  }) => {
    await expectDeviceTabShows(page, await clickAttention(page, 'expireSoon'));
  });

  test('device numbers open the customers holding those devices, adding up to the number', async ({
    page,
  }) => {
    const stats = await openDashboard(page);
    const offline = page.getByTestId('devices-first-camera').getByRole('link', { name: /^Offline: / });
    await expect(offline).toHaveText(stats.platforms.first.camera.statusCount.offline.toLocaleString('en'));
    const cameras = await openFromDashboard(page, offline);
    expect(cameras.items).toBe(cameras.count);

    await openDashboard(page);
    const diskFailed = page
      .getByTestId('devices-second-server')
      .getByRole('link', { name: /· Disk failed: / });
    const servers = await openFromDashboard(page, diskFailed);
    expect(servers.items).toBe(servers.count);
  });

  test('an open incident count opens the customers with those incidents, adding up to the number', async ({
    page,
  }) => {
    await openDashboard(page);
    const sdCard = page.getByTestId('incidents-CAMERA').getByRole('link', { name: /^SD card error: / });
    const incidents = await openFromDashboard(page, sdCard);
    expect(incidents.items).toBe(incidents.count);
  });

  test('license maturity: a customer count opens exactly those customers, holding the licenses counted', async ({
    page,
  }) => {
    const stats = await openDashboard(page);
    const std = stats.licenseMaturity.items.find((i) => i.type === 'STD' && i.organizations.within60 > 0);
    test.skip(!std, 'the demo data has no xPro license expiring within 60 days');
    const cell = () => page.getByTestId('maturity-STD-').getByRole('cell').nth(2); // expired, 30, 60 days
    await expect(cell().getByRole('link').nth(1)).toHaveText(String(std!.organizations.within60));
    const within60 = await openFromDashboard(page, cell().getByRole('link').nth(1));
    expect(within60.customers).toBe(within60.count);
    expect(within60.items).toBe(std!.within60);
    await openDashboard(page);
    const licenses = await openFromDashboard(page, cell().getByRole('link').nth(0));
    expect(licenses.items).toBe(licenses.count);

    await openDashboard(page);
    const unlicensed = page.getByTestId('maturity-unlicensed').getByRole('link').nth(1);
    await expect(unlicensed).toHaveText(String(stats.licenseMaturity.unlicensed.organizations));
    const customers = await openFromDashboard(page, unlicensed);
    expect(customers.customers).toBe(customers.count);
    expect(customers.items).toBe(stats.licenseMaturity.unlicensed.devices);
  });

  test('the incidents CSV holds every alert type the overview lists, with the API’s counts', async ({
    page,
  }) => {
    const stats = await openDashboard(page);
    const download = page.waitForEvent('download');
    await page.getByTestId('dashboard-incidents').getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = (await readFile(file, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Category,Alert type,Open incidents');
    // The overview leaves out 'Without license' while it counts none: the engine opens no such incident (issue 23).
    const listed = stats.incidents.items.filter(
      (i) => !(i.category === 'LICENSE' && i.alertType === 'UNLICENSED' && i.count === 0),
    );
    expect(lines).toHaveLength(1 + listed.length);
    expect(lines.some((line) => line.includes('Without license'))).toBe(
      listed.length === stats.incidents.items.length,
    );
    const offline = stats.incidents.items.find((i) => i.category === 'CAMERA' && i.alertType === 'OFFLINE');
    expect(lines).toContain(`Camera related,Camera offline,${offline?.count}`);
    const expired = stats.incidents.items.find((i) => i.category === 'LICENSE' && i.alertType === 'EXPIRED');
    expect(lines).toContain(`License related,License expired,${expired?.count}`);
  });

  test('at 390 px in Traditional Chinese every chart label shows whole, in Chinese', async ({ page }) => {
    await useLanguage(page, 'zh-TW');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/dashboard');
    // Issue 23 point 14: 'Storage license 30 days retenti…' on the inventory axis, a dropped maturity column.
    // A chart draws when it comes near the screen (issue 24): scroll to each, as a reader does.
    await page.getByRole('img', { name: '庫存授權數量' }).scrollIntoViewIfNeeded();
    const inventory = page.getByRole('img', { name: '庫存授權數量' }).locator('.MuiChartsAxis-tickLabel');
    await expect(inventory.first()).toBeVisible();
    const names = await inventory.allTextContents();
    expect(names.filter((name) => /[A-Za-z]{3,}/.test(name.replace('xPro', '')))).toEqual([]);
    expect(names.filter((name) => name.includes('…'))).toEqual([]);
    expect(names).toContain('儲存 1 年（30 天）');
    await page.getByRole('img', { name: '依到期區間統計的授權' }).scrollIntoViewIfNeeded();
    const maturity = page
      .getByRole('img', { name: '依到期區間統計的授權' })
      .locator('.MuiChartsAxis-tickLabel');
    await expect(maturity.first()).toBeVisible();
    expect(await maturity.allTextContents()).toEqual(
      expect.arrayContaining(['已過期', '30 天內', '60 天內', '90 天內']),
    );
    // At 390 px the inventory is a card per license (issue 24 point 8).
    await expect(page.getByRole('list', { name: '授權庫存' })).toContainText('儲存授權 1 年（保存 30 天）');
  });

  test('every chart keeps its axis labels in a font with tall line metrics', async ({ page }) => {
    // Noto Sans CJK, the Chinese font of Android phones, draws a 12 px line 17.4 px tall. MUI X charts
    // leaves out a tick label taller than its axis has room for: every number on the bars' axis was gone.
    // The same metrics on an installed Latin font, so the test needs no CJK font on the machine.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = `
          @font-face { font-family: TallLines; src: local('Liberation Sans'), local('DejaVu Sans');
            ascent-override: 116%; descent-override: 29%; }
          *, text { font-family: TallLines !important; }`;
        document.head.append(style);
      });
    });
    await useLanguage(page, 'zh-TW');
    await page.setViewportSize({ width: 390, height: 900 });
    await openDashboard(page);
    const charts = page.locator('[role="img"]:has(.MuiChartsAxis-root)');
    for (const name of ['庫存授權數量', '依到期區間統計的授權']) {
      const chart = page.getByRole('img', { name });
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.locator('.MuiChartsAxis-tickLabel').first()).toBeAttached();
    }
    const count = await charts.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let index = 0; index < count; index += 1) {
      const chart = charts.nth(index);
      await chart.scrollIntoViewIfNeeded();
      const labels = chart.locator('.MuiChartsAxis-tickLabel');
      await expect(labels.first()).toBeAttached();
      const texts = await labels.allTextContents();
      expect(
        texts.filter((text) => text.trim() === ''),
        `${await chart.getAttribute('aria-label')}: ${texts}`,
      ).toEqual([]);
    }
  });
});
