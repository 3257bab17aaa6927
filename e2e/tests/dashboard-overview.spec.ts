import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import { DEMO } from '../support/demo-accounts.ts';
import { signInAs } from '../support/sign-in.ts';

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
  test.beforeEach(async ({ page }) => {
    await signInAs(page, DEMO.dealerOwner);
  });

  test("shows the API's numbers on every card", async ({ page }) => {
    const stats = await openDashboard(page);
    await expect(page).toHaveTitle(/^Dashboard \| /);
    const summary = page.getByTestId('dashboard-summary');
    await expect(summary.getByRole('link', { name: /^Customers: / })).toHaveText(
      String(stats.organizations.count),
    );
    await expect(summary.getByText(String(stats.incidents.open), { exact: true })).toBeVisible();

    const cameras = page.getByTestId('devices-first-camera');
    const first = stats.platforms.first.camera;
    await expect(cameras.getByRole('link', { name: /· Cameras: / })).toHaveText(
      first.count.toLocaleString('en'),
    );
    await expect(cameras.getByRole('link', { name: /^Offline: / })).toHaveText(
      first.statusCount.offline.toLocaleString('en'),
    );
    await expect(cameras.getByRole('link', { name: /· SD card error: / })).toHaveText(
      first.statusCount.recordFailed.toLocaleString('en'),
    );
    const servers = page.getByTestId('devices-second-server');
    await expect(servers.getByRole('link', { name: /· Disk failed: / })).toHaveText(
      stats.platforms.second.server.statusCount.diskFailed.toLocaleString('en'),
    );

    const incidents = page.getByTestId('incidents-CAMERA');
    const recordingFailed = stats.incidents.items.find(
      (i) => i.category === 'CAMERA' && i.alertType === 'RECORDING_FAILED',
    );
    await expect(incidents.getByRole('link', { name: /^SD card error: / })).toHaveText(
      String(recordingFailed?.count),
    );

    const std = stats.licenseMaturity.items.find((i) => i.type === 'STD');
    if (std) {
      const row = page.getByTestId('maturity-STD-');
      await expect(row.getByRole('link').first()).toHaveText(String(std.organizations.expired));
    }
    await expect(page.getByText('An error occurred while processing your request.')).toHaveCount(0);
  });

  /** The first customer to follow up with unlicensed devices: clicks its count, returns the number shown. */
  async function clickUnlicensed(page: Page): Promise<string> {
    await openDashboard(page);
    const row = page
      .getByTestId('attention-row')
      .filter({ has: page.locator('[data-column="unlicensed"] a') })
      .first();
    const link = row.locator('[data-column="unlicensed"] a');
    const expected = (await link.textContent())?.trim() ?? '';
    await link.click();
    await expect(page).toHaveURL(/\/account\/[^/]+\/device\?license=unlicensed$/);
    return expected;
  }

  test('a count of unlicensed devices opens that customer’s device tab filtered to unlicensed devices', async ({
    page,
  }) => {
    await clickUnlicensed(page);
    await expect(page.getByTestId('device-count')).toBeVisible({ timeout: 30_000 });
  });

  test('the filtered device tab shows the same number of unlicensed devices', async ({ page }) => {
    // Known gap: the device tab counts every device without a license (servers and second-platform devices
    // too), while the statistics count licensable devices only (contracts/src/statistics.ts). Remove
    // test.fail() once the device tab follows the contract.
    test.fail();
    const expected = await clickUnlicensed(page);
    await expect(page.getByTestId('device-count')).toContainText(new RegExp(`^${expected} of `), {
      timeout: 30_000,
    });
  });

  test('the incidents CSV holds every alert type with the API’s counts', async ({ page }) => {
    const stats = await openDashboard(page);
    const download = page.waitForEvent('download');
    await page.getByTestId('dashboard-incidents').getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = (await readFile(file, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Category,Alert type,Open incidents');
    expect(lines).toHaveLength(1 + stats.incidents.items.length);
    const offline = stats.incidents.items.find((i) => i.category === 'CAMERA' && i.alertType === 'OFFLINE');
    expect(lines).toContain(`Camera related,Camera offline,${offline?.count}`);
    const expired = stats.incidents.items.find((i) => i.category === 'LICENSE' && i.alertType === 'EXPIRED');
    expect(lines).toContain(`License related,License expired,${expired?.count}`);
  });
});
