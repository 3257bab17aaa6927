import { demoAccount } from '../support/demo-accounts.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { signInAs } from '../support/sign-in.ts';

// The one journey with a demo account (every other makes its own data): the accounts the server prints at
// start (read here through the test kit) sign in and see the seeded demo data.
const expect = slowJourney(180_000);

test('smoke: the demo dealer owner signs in and sees the demo customers', async ({ page }) => {
  await signInAs(page, await demoAccount('owner@northwind.example'));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My customer' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^25 customers$/ })).toBeVisible();
  await page.goto('/my-company');
  await expect(page.getByRole('region', { name: 'Company information' })).toContainText('Northwind Security');
});
