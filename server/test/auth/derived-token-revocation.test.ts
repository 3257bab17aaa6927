import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTenantToken, tenantIssuer } from '../../src/auth/tenant-tokens.ts';
import { buildCompany, TEST_PASSWORD } from '../helpers/factories.ts';
import { buildCustomer, buildSite } from '../helpers/platform-factories.ts';
import { bearer, identityCall, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 12 item 3: company and organization tokens die with the sign-in they were obtained with. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const identity = (operation: string, payload: object) => identityCall(t.app, operation, payload);

interface Derived {
  company: string;
  organization: string;
  orgId: string;
}

/** A dealer signed in, with the company token and one customer's organization token that sign-in gives. */
async function signedInDealer() {
  const dealer = await buildCompany(t.app.db);
  const customer = await buildCustomer(t.app.db, dealer);
  await buildSite(t.app.db, customer);
  const session = await signIn(t.app, dealer.owner.email, dealer.owner.password);
  const company = await t.app.inject({
    method: 'POST',
    url: '/api/reseller/auth/vortextoken',
    headers: bearer(session.accessToken),
    payload: { companyId: dealer.id },
  });
  expect(company.statusCode, company.body).toBe(200);
  const organization = await t.app.inject({
    method: 'POST',
    url: `/api/reseller/v1/organizations/${customer.id}/vsaas-token`,
    headers: bearer(session.idToken),
  });
  expect(organization.statusCode, organization.body).toBe(200);
  return {
    session,
    userId: dealer.owner.id,
    email: dealer.owner.email,
    companyId: dealer.id,
    derived: { company: company.json().token, organization: organization.json().token, orgId: customer.id },
  };
}

/** One call per service that accepts derived tokens. */
async function statuses(d: Derived): Promise<number[]> {
  const calls = [
    { url: '/api/user-portal/companies/organizations', token: d.company },
    { url: `/api/monitoring/v2/organizations/${d.orgId}/sites-status`, token: d.company },
    { url: '/api/platform/v1/organizations/statistics', token: d.company },
    { url: `/api/platform/v1/organizations/${d.orgId}/services`, token: d.organization },
  ];
  const responses = await Promise.all(
    calls.map(({ url, token }) => t.app.inject({ method: 'GET', url, headers: bearer(token) })),
  );
  return responses.map((res) => res.statusCode);
}

describe('company and organization tokens after the sign-in ends', () => {
  it('are refused after GlobalSignOut', async () => {
    const { session, derived } = await signedInDealer();
    expect(await statuses(derived)).toEqual([200, 200, 200, 200]);
    expect((await identity('GlobalSignOut', { AccessToken: session.accessToken })).statusCode).toBe(200);
    expect(await statuses(derived)).toEqual([401, 401, 401, 401]);
  });

  it('are refused once the refresh token is revoked, and other sign-ins keep theirs', async () => {
    const { session, derived, email, companyId } = await signedInDealer();
    const other = await signIn(t.app, email, TEST_PASSWORD);
    const otherCompany = await t.app.inject({
      method: 'POST',
      url: '/api/reseller/auth/vortextoken',
      headers: bearer(other.accessToken),
      payload: { companyId },
    });
    expect(await statuses(derived)).toEqual([200, 200, 200, 200]);
    const revoked = await identity('RevokeToken', {
      ClientId: t.config.COGNITO_CLIENT_ID,
      Token: session.refreshToken,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await statuses(derived)).toEqual([401, 401, 401, 401]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user-portal/companies/organizations',
      headers: bearer(derived.company),
    });
    expect(res.json()).toEqual({ detail: 'Invalid or expired token', extraType: 'UNAUTHORIZED' });
    const stillSignedIn = await t.app.inject({
      method: 'GET',
      url: '/api/user-portal/companies/organizations',
      headers: bearer(otherCompany.json().token),
    });
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it('refuses tokens without the sign-in they come from (issued before this check)', async () => {
    const { userId, companyId } = await signedInDealer();
    const { token } = await issueTenantToken(t.app.db, tenantIssuer(t.config.PUBLIC_URL), {
      kind: 'company',
      sub: userId,
      companyId,
      originJti: null,
      role: 'dealer',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user-portal/companies/organizations',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(401);
  });

  it('are refused while the pool user is disabled', async () => {
    const { derived, userId } = await signedInDealer();
    await t.app.db.updateTable('identity_users').set({ enabled: false }).where('sub', '=', userId).execute();
    expect(await statuses(derived)).toEqual([401, 401, 401, 401]);
    await t.app.db.updateTable('identity_users').set({ enabled: true }).where('sub', '=', userId).execute();
    expect(await statuses(derived)).toEqual([200, 200, 200, 200]);
  });
});
