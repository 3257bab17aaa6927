import { slowJourney, test } from '../support/fixtures.ts';
import { gotoLogin, submitLogin } from '../support/sign-in.ts';

// Each sign-in runs SRP in the browser; on a shared machine that takes seconds.
const expect = slowJourney(180_000);
test('too many wrong passwords lock the account and open the password-attempt-limit warning', async ({
  members,
  page,
}) => {
  test.setTimeout(240_000);
  const member = await members.createActive({ prefix: 'lockout' });
  await gotoLogin(page);
  const alert = page.getByRole('alert');
  // A CSS locator: the open dialog hides the form from the accessibility tree.
  const submit = page.locator('form button[type="submit"]');
  // Five failures lock the account (for 1 s, doubling with each further failure, COGNITO.md §7).
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await submitLogin(page, member.email, `Wrong-Password-${attempt}`);
    await expect(alert).toHaveText('Incorrect username or password.');
    await expect(submit).toBeEnabled();
  }
  // The sixth attempt says so, whether it reaches the server inside the 1 s lock or after it (issue 23).
  await submitLogin(page, member.email, 'Wrong-Password-6');
  const dialog = page.getByRole('dialog', { name: 'Password attempts exceeded' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "Try again after 15 minutes, or log out to reset with 'Forgot password'.",
  );
  await expect(page.locator('form [role="alert"]')).toHaveText('Password attempts exceeded');
  await expect(submit).toBeEnabled();

  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
});
