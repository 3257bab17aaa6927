import { createActiveMember } from '../support/api.ts';
import { expect as baseExpect, test } from '../support/fixtures.ts';
import { signIn } from '../support/sign-in.ts';

// Each sign-in runs SRP in the browser; on a shared machine that takes seconds.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
test('Log Out revokes the sign-in and goes to login; protected pages then send to login', async ({
  page,
  request,
}) => {
  const member = await createActiveMember(request, { prefix: 'signout' });
  await signIn(page, member.email, member.password);
  const state = await page.context().storageState();
  const accessToken = state.origins
    .flatMap((origin) => origin.localStorage)
    .find((item) => item.name.endsWith('.accessToken'))?.value;
  expect(accessToken).toBeTruthy();
  expect(
    (
      await request.get('/api/reseller/v1/me', { headers: { authorization: `Bearer ${accessToken}` } })
    ).status(),
  ).toBe(200);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Amplify revoked the refresh token; the embedded pool refuses every token of that sign-in.
  expect(
    (
      await request.get('/api/reseller/v1/me', { headers: { authorization: `Bearer ${accessToken}` } })
    ).status(),
  ).toBe(401);
  await page.goto('/my-company');
  await expect(page).toHaveURL(/\/login$/);
});
