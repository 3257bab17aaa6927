import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { customerWith } from '../support/made-data.ts';
import { startLoginForm, submitLogin } from '../support/sign-in.ts';
import { deleteCompany, type KitAddress, makeCompany, type TestCompany } from '../support/test-kit.ts';

/**
 * Fault 3: backend services failing, forced by configuration. A second server of its own (own folder, port and
 * test kit; a company made per test) runs with FAULT_SERVICES, so every call to those services answers 503. The pages must
 * still show what the other services return, with an error on the affected cards only.
 */
const FAILING = 'default,platform,monitoring';
const BATCH_ERROR = 'An error occurred while processing your request.';

let server: ChildProcess | undefined;
let url = '';
let dataDir = '';
let stderr = '';
let kit: KitAddress = { url: '', token: '' };
const made: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

test.beforeAll(async () => {
  // The demo data is seeded into a fresh folder first.
  test.setTimeout(180_000);
  const port = await freePort();
  const kitPort = await freePort();
  url = `http://localhost:${port}`;
  kit = { url: `http://127.0.0.1:${kitPort}`, token: randomBytes(32).toString('base64url') };
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-faults-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    MODE: 'demo',
    LOG_LEVEL: 'warn',
    FAULT_SERVICES: FAILING,
    DATABASE_URL: '',
    E2E_KIT_PORT: String(kitPort),
    E2E_KIT_TOKEN: kit.token,
  };
  server = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/kit/portal-under-test.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`fault server exited:\n${stderr}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`fault server not ready:\n${stderr}`);
});

test.afterEach(async () => {
  for (const companyId of made.splice(0)) await deleteCompany(companyId, kit);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signInDealer(page: Page): Promise<TestCompany> {
  const company = await makeCompany('dealer', kit);
  const { companyId, owner } = company;
  made.push(companyId);
  await page.goto(`${url}/login`);
  // The pre-rendered form's script first (see gotoLogin in support/sign-in.ts).
  await startLoginForm(page);
  await submitLogin(page, owner.email, owner.password);
  await expect(page).not.toHaveURL(/\/(login|set-new-password)(\?|$)/, { timeout: 45_000 });
  return company;
}

test.describe(`services failing by configuration (FAULT_SERVICES=${FAILING})`, () => {
  test('the dashboard shows its statistics cards and the error on the license card only', async ({
    page,
  }) => {
    await signInDealer(page);
    await page.goto(`${url}/dashboard`);
    // The statistics come from the user-portal service, which answers.
    // 45 s, as the sign-in above: this server of its own is cold, and CI machines are loaded.
    await expect(page.getByTestId('dashboard-summary')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('devices-first-camera')).toBeVisible();
    await expect(page.getByTestId('dashboard-incidents').getByRole('link').first()).toBeVisible();
    // The license inventory needs the default service, which is down.
    const inventory = page.getByTestId('dashboard-inventory');
    await expect(inventory.getByText(BATCH_ERROR)).toBeVisible({ timeout: 30_000 });
    for (const card of ['dashboard-devices', 'dashboard-incidents']) {
      await expect(page.getByTestId(card).getByText(BATCH_ERROR)).toHaveCount(0);
    }
    await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });
  });

  test('a customer opens with what the working services return', async ({ page }) => {
    const { customers } = await signInDealer(page);
    // A customer with cloud-platform devices, which the device tab lists though the server platform fails.
    const customer = customerWith(customers!, (_customer, devices) =>
      devices.some((device) => device.platform === 'first'),
    );
    const name = customer.name;
    await page.goto(`${url}/account/${customer.id}/overview`);
    // From the user-portal service: the customer, its sites and first-platform totals.
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Sites \(\d+\)$/ })).toBeVisible();
    await expect(page.getByText('Total cameras').locator('..').getByText(/^\d+$/)).toBeVisible();
    // The contact comes from the default service: its card alone shows an error.
    const contact = page.getByText('Main contact').locator('xpath=ancestor::*[.//*[@role="alert"]][1]');
    await expect(contact.getByRole('alert')).toHaveText('An error occurred while processing your request.', {
      timeout: 30_000,
    });
    await expect(page.getByRole('alert')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('customer-overview.png'), fullPage: true });

    // Device tab: the cloud platform's devices are listed, the server platform says it failed.
    await page.getByRole('tab', { name: 'Device' }).click();
    await expect(page.getByText('Cloud platform: loaded')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Server platform: failed to load')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Some devices could not be loaded. The list is incomplete.')).toBeVisible();
    await expect(page.getByText(/^[1-9][\d,]* of [\d,]+ devices$/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('customer-devices.png'), fullPage: true });
  });

  test('the overview totals say when a platform could not be counted', async ({ page }) => {
    // The camera and server totals add what answered; a failing platform is flagged, not silently zero.
    await signInDealer(page);
    await openFirstCustomer(page);
    const cameras = page.getByText('Total cameras').locator('..');
    await expect(cameras.getByText(/^\d+$/)).toBeVisible({ timeout: 30_000 });
    await expect(cameras.getByText('Incomplete: a platform could not be counted')).toBeVisible();
  });
});

async function openFirstCustomer(page: Page): Promise<string> {
  await page.goto(`${url}/account`);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const name = (await cards.first().getByRole('heading').textContent()) ?? '';
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/[^/]+\/overview$/);
  return name;
}
