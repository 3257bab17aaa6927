import { slowJourney, test } from '../support/fixtures.ts';
import { signIn } from '../support/sign-in.ts';

// Each sign-in runs SRP in the browser; on a shared machine that takes seconds.
const expect = slowJourney(180_000);
test('Log Out revokes the sign-in and the company token taken with it; protected pages then send to login', async ({
  members,
  page,
  request,
}) => {
  const member = await members.createActive({ prefix: 'signout' });
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
  // A company token obtained with this sign-in, as the dashboard takes one.
  const bearer = { authorization: `Bearer ${accessToken}` };
  const { id: companyId } = await (
    await request.get('/api/reseller/v1/companies/info', { headers: bearer })
  ).json();
  const vortex = await request.post('/api/reseller/auth/vortextoken', {
    headers: bearer,
    data: { companyId },
  });
  const companyToken = { authorization: `Bearer ${(await vortex.json()).token}` };
  const customers = () => request.get('/api/user-portal/companies/organizations', { headers: companyToken });
  expect((await customers()).status()).toBe(200);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Amplify revoked the refresh token; the embedded pool refuses every token of that sign-in.
  expect(
    (
      await request.get('/api/reseller/v1/me', { headers: { authorization: `Bearer ${accessToken}` } })
    ).status(),
  ).toBe(401);
  // Tokens derived from that sign-in end with it (issue 12).
  expect((await customers()).status()).toBe(401);
  await page.goto('/my-company');
  await expect(page).toHaveURL(/\/login$/);
});
