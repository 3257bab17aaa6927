import { expectKestrelHelpAndAbout } from '../support/brand.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { gotoLogin, signInAs } from '../support/sign-in.ts';

// The main server (BRAND lumora) under the host name its BRAND_HOSTS gives Kestrel Eye (127.0.0.1 here,
// playwright.config.ts; decision 0022): the pages before sign-in carry Kestrel Eye.
const expect = slowJourney(180_000);
test.use({ companyKind: 'kestrel-dealer' });

test('the Kestrel Eye host: the login page and a Kestrel Eye company’s pages carry Kestrel Eye, never Lumora', async ({
  page,
  company,
}) => {
  // The brand's pages live elsewhere; keep the test on this machine.
  await page.route(/kestreleye\.example|lumora\.example/, (route) => route.abort());
  await gotoLogin(page);
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

  // The HTML itself, before the app runs, names the brand of the host.
  const html = await (await page.request.get('/login')).text();
  expect(html).toContain('<title>Kestrel Eye Partner Center</title>');

  // A dealer of the second brand (vendor kestrel) of this test's own.
  await signInAs(page, company.owner);
  await expect(page.getByRole('link', { name: 'Kestrel Eye Partner Center, go to home page' })).toBeVisible();
  await expect(page).toHaveTitle(/Kestrel Eye Partner Center/);
  await expect(page.getByRole('link', { name: /^Reseller Portal/ })).toHaveAttribute(
    'href',
    /^https:\/\/dealers\.kestreleye\.example\//,
  );
  await expectKestrelHelpAndAbout(page);
});

test('a Lumora company signing in under the Kestrel Eye host works in Lumora’s brand', async ({
  page,
  makeCompany,
}) => {
  await page.route(/kestreleye\.example|lumora\.example/, (route) => route.abort());
  const lumora = await makeCompany('small-dealer');
  await gotoLogin(page);
  await expect(page.getByText('Copyright © 2025 Kestrel Eye Ltd. All Rights Reserved.')).toBeVisible();
  await signInAs(page, lumora.owner);
  await expect(page.getByRole('link', { name: 'Lumora Partner Portal, go to home page' })).toBeVisible();
  await expect(page).toHaveTitle(/\| Lumora Partner Portal$/);
  await expect(page.getByRole('banner')).not.toContainText('Kestrel');
});
