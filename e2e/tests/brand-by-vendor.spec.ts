import { expectKestrelHelpAndAbout } from '../support/brand.ts';
import { openAccountMenu } from '../support/company.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mailbox.ts';
import { gotoLogin, signInAs } from '../support/sign-in.ts';

// Each sign-in runs SRP in the browser; on a shared machine that takes seconds.
const expect = slowJourney(180_000);

/**
 * Issue 23 point 13 (decision 0022): the main server's default brand is Lumora; a company of the second
 * brand (vendor kestrel, like Jade Harbor) signs in under the Lumora host and works in Kestrel Eye's brand.
 */
test.use({ companyKind: 'kestrel-dealer' });

test('a Kestrel Eye dealer on the Lumora host: Lumora until sign-in, then Kestrel Eye; its mail is Kestrel Eye’s', async ({
  page,
  request,
  company,
}) => {
  await page.route(/kestreleye\.example|lumora\.example/, (route) => route.abort());
  await gotoLogin(page);
  await expect(page).toHaveTitle(/Lumora Partner Portal/);
  await expect(page.getByText('Copyright © 2025 Lumora Systems Inc. All Rights Reserved.')).toBeVisible();

  // A reset code asked for under the Lumora host: the recipient's company decides the brand of the mail.
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  const sentAt = new Date();
  await page.getByLabel('Email').fill(company.owner.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('We sent a verification code to', { exact: false })).toBeVisible();
  const mail = await waitForMail(request, company.owner.email, { template: 'reset-code', after: sentAt });
  expect(mail.subject).toBe('Kestrel Eye Partner Center: your password reset code');
  expect(mail.text).toContain('© 2025 Kestrel Eye Ltd.');

  await signInAs(page, company.owner);
  const home = page.getByRole('link', { name: 'Kestrel Eye Partner Center, go to home page' });
  await expect(home).toBeVisible();
  await expect(page).toHaveTitle(/\| Kestrel Eye Partner Center$/);
  await expect(page.getByRole('banner')).not.toContainText('Lumora');
  await expect(page.getByRole('link', { name: /^Reseller Portal/ })).toHaveAttribute(
    'href',
    /^https:\/\/dealers\.kestreleye\.example\//,
  );
  // Stays after a reload: the shell comes up in the company's brand.
  await page.reload();
  await expect(home).toBeVisible();
  const about = await expectKestrelHelpAndAbout(page);
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();

  // Signed out, the host's brand again.
  const again = await openAccountMenu(page);
  await again.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Copyright © 2025 Lumora Systems Inc. All Rights Reserved.')).toBeVisible();
  await expect(page).toHaveTitle(/Lumora Partner Portal/);
});
