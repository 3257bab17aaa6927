import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { openAccountMenu } from '../support/company.ts';
import type { DemoAccount } from '../support/demo-accounts.ts';
import { DEMO } from '../support/demo-accounts.ts';
import { signIn } from '../support/sign-in.ts';

// Runs against the second server of playwright.config.ts, started with BRAND=kestrel and its own database.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

function kestrelAccount(email: string): DemoAccount {
  const dir = process.env.E2E_KESTREL_DATA_DIR;
  if (!dir) throw new Error('E2E_KESTREL_DATA_DIR is not set: run the tests through playwright.config.ts');
  const accounts = JSON.parse(readFileSync(path.join(dir, 'demo-accounts.json'), 'utf8')) as DemoAccount[];
  const account = accounts.find((a) => a.email === email);
  if (!account) throw new Error(`No demo account ${email} on the Kestrel server`);
  return account;
}

test('BRAND=kestrel: the login page and a signed-in page carry Kestrel Eye, never Lumora', async ({
  page,
}) => {
  // The brand's pages live elsewhere; keep the test on this machine.
  await page.route(/kestreleye\.example|lumora\.example/, (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page).toHaveTitle(/Kestrel Eye Partner Center/);
  await expect(page.getByText('Kestrel Eye Partner Center').first()).toBeVisible();
  await expect(page.getByText('Copyright © 2025 Kestrel Eye Ltd. All Rights Reserved.')).toBeVisible();
  await expect(
    page.getByText("By signing in, you agree to Kestrel Eye Ltd.'s Terms of Service and Privacy Policy."),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    'https://kestreleye.example/terms',
  );
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    'https://kestreleye.example/privacy',
  );
  await expect(page.locator('body')).not.toContainText('Lumora');

  const owner = kestrelAccount(DEMO.dealerOwner);
  await signIn(page, owner.email, owner.password);
  await expect(page.getByRole('link', { name: 'Kestrel Eye Partner Center, go to home page' })).toBeVisible();
  await expect(page).toHaveTitle(/Kestrel Eye Partner Center/);
  await expect(page.getByRole('link', { name: /^Reseller Portal/ })).toHaveAttribute(
    'href',
    /^https:\/\/dealers\.kestreleye\.example\//,
  );
  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem', { name: /^Help/ })).toHaveAttribute(
    'href',
    'https://support.kestreleye.example/partners',
  );
  await menu.getByRole('menuitem', { name: 'About' }).click();
  const about = page.getByRole('dialog', { name: 'Kestrel Eye Partner Center' });
  await expect(about).toContainText('© 2025 Kestrel Eye Ltd.');
});
