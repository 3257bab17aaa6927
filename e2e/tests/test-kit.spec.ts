import { sessionTokenFor } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { deleteCompany, kitCall, mainKit, makeCompany } from '../support/test-kit.ts';

// The test kit's control endpoint (support/kit/control-server.ts, decision 0015): only this run's token
// opens it, and a company it deletes is gone for the portal too.

test('the control endpoint refuses a request without the run’s token, and an unknown kind', async () => {
  const { url, token } = mainKit();
  const post = (authorization?: string) =>
    fetch(`${url}/companies`, {
      method: 'POST',
      headers: authorization ? { authorization } : {},
      body: JSON.stringify({ kind: 'small-dealer' }),
    });
  expect((await post()).status).toBe(401);
  expect((await post(`Bearer ${token.slice(1)}x`)).status).toBe(401);
  await expect(kitCall(mainKit(), 'POST', '/companies', { kind: 'bank' })).rejects.toThrow(
    /400 .*No company kind bank/,
  );
});

test('a company the kit made signs in; once deleted, its owner no longer can', async ({ request }) => {
  const company = await makeCompany('small-dealer');
  const token = await sessionTokenFor(request, company.owner.email, company.owner.password);
  const me = await request.get('/api/reseller/v1/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.ok(), await me.text()).toBe(true);

  await deleteCompany(company.companyId);
  await expect(sessionTokenFor(request, company.owner.email, company.owner.password)).rejects.toThrow(
    /Sign-in of .* failed/,
  );
});
