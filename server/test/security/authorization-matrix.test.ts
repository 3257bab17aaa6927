import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingKey } from '../../src/identity/tokens/signing-keys.ts';
import { tenantIssuer } from '../../src/tenancy/tenant-auth.ts';
import { type BuiltCompany, type BuiltUser, buildCompany, buildMember } from '../helpers/factories.ts';
import {
  buildCustomer,
  buildDevice,
  buildService,
  buildSite,
  companyToken,
  organizationToken,
} from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Every route of every service against every kind of bad credential (issue 7). The table below must
 * name every route the OpenAPI document lists, so a new route cannot ship without its row.
 */

type Auth = 'public' | 'session' | 'company' | 'organization' | 'company-or-organization';

interface Row {
  auth: Auth;
  /** Only the company owner may call it: a member gets 403. */
  ownerOnly?: boolean;
  /** Whether the path names something of company A (so another company's token must get 404). */
  scoped?: boolean;
  /** A valid body, so the check is about who calls, not what they send. */
  body?: () => unknown;
}

const ROUTES: Record<string, Row> = {
  'POST /api/reseller/auth/password': { auth: 'public' },
  'GET /api/reseller/v1/companies/info': { auth: 'session' },
  'PATCH /api/reseller/v1/companies/info': {
    auth: 'session',
    ownerOnly: true,
    body: () => ({ name: 'Acme' }),
  },
  'GET /api/reseller/v1/me': { auth: 'session' },
  'PATCH /api/reseller/v1/users/{id}': { auth: 'session', scoped: true, body: () => ({ name: 'Renamed' }) },
  'GET /api/reseller/v1/companies/{companyId}/users': { auth: 'session', scoped: true },
  'POST /api/reseller/v1/companies/{companyId}/users': {
    auth: 'session',
    ownerOnly: true,
    scoped: true,
    body: () => ({ email: `new${Math.random().toString(36).slice(2)}@example.test`, name: 'New' }),
  },
  'DELETE /api/reseller/v1/companies/{companyId}/users/{id}': {
    auth: 'session',
    ownerOnly: true,
    scoped: true,
  },
  'POST /api/reseller/v1/companies/{companyId}/users/{id}/owner': {
    auth: 'session',
    ownerOnly: true,
    scoped: true,
  },
  'POST /api/reseller/auth/vortextoken': {
    auth: 'session',
    scoped: true,
    body: () => ({ companyId: acme.id }),
  },
  'POST /api/reseller/v1/organizations/{orgId}/vsaas-token': { auth: 'session', scoped: true },
  'GET /api/user-portal/companies/organizations': { auth: 'company' },
  'GET /api/user-portal/organizations/{orgId}/info': { auth: 'company', scoped: true },
  'GET /api/user-portal/organizations/{orgId}/license-statistics': { auth: 'company', scoped: true },
  'GET /api/user-portal/organizations/{orgId}/sites': { auth: 'company', scoped: true },
  'GET /api/user-portal/organizations/{orgId}/sites-status': { auth: 'company', scoped: true },
  'GET /api/user-portal/sites/{siteId}/devices': { auth: 'company', scoped: true },
  'GET /api/user-portal/companies/statistics': { auth: 'company' },
  'GET /api/user-portal/organizations/statistics': { auth: 'company' },
  'GET /api/user-portal/organizations/{orgId}/statistics': { auth: 'company', scoped: true },
  'POST /api/user-portal-auth/organizations/{orgId}/otp': { auth: 'company', scoped: true },
  'POST /api/user-portal-auth/otp/consume': { auth: 'public' },
  'GET /api/platform/v1/organizations/statistics': { auth: 'company' },
  'GET /api/platform/v1/organizations/{orgId}/statistics': { auth: 'organization', scoped: true },
  'GET /api/platform/v1/organizations/{orgId}/services': { auth: 'organization', scoped: true },
  'GET /api/platform/v1/sites/{siteId}/devices': { auth: 'organization', scoped: true },
  'GET /api/monitoring/v2/organizations/{orgId}/sites-status': { auth: 'company', scoped: true },
  'POST /api/obm/v1/stats/login_record': {
    auth: 'session',
    body: () => ({ email: acme.owner.email, region: 'eu', timestamp: Date.now() }),
  },
  'GET /api/obm/v1/companies/statistics': { auth: 'session' },
  'GET /api/default/license/info': { auth: 'session' },
  'GET /api/default/license/quantity': { auth: 'session' },
  'GET /api/default/v1/organizations/{orgId}/metadata': { auth: 'session', scoped: true },
  'PATCH /api/default/v1/organizations/{orgId}/metadata': {
    auth: 'session',
    scoped: true,
    body: () => ({ reference: 'R-1' }),
  },
  'POST /api/default/v1/organizations/{orgId}/vortex-send-request': { auth: 'session', scoped: true },
  'POST /api/default/v1/organizations/{orgId}/obm-send-request': {
    auth: 'session',
    scoped: true,
    body: () => [
      { siteId: ids.siteId, server: { deviceId: ids.serviceId, name: 'VSS', type: 'VSS', ip: '10.0.0.2' } },
    ],
  },
  'DELETE /api/default/v1/organizations/{orgId}/remote-access-request': { auth: 'session', scoped: true },
};

let t: TestApp;
let acme: BuiltCompany;
let acmeMember: BuiltUser;
let victim: BuiltUser;
let other: BuiltCompany;
let ids: { orgId: string; siteId: string; deviceId: string; serviceId: string };

/** The credentials each route is tried with. */
const credentials: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  acme = await buildCompany(db, { name: 'Acme' });
  acmeMember = await buildMember(db, acme);
  victim = await buildMember(db, acme);
  other = await buildCompany(db, { name: 'Other' });
  const customer = await buildCustomer(db, acme, { remote_access_enabled: true });
  const site = await buildSite(db, customer);
  const device = await buildDevice(db, site);
  const service = await buildService(db, site);
  ids = { orgId: customer.id, siteId: site.id, deviceId: device.id, serviceId: service.id };

  const owner = await signIn(t.app, acme.owner.email, acme.owner.password);
  credentials.ownerSession = owner.accessToken;
  credentials.memberSession = (await signIn(t.app, acmeMember.email, acmeMember.password)).accessToken;
  credentials.otherSession = (await signIn(t.app, other.owner.email, other.owner.password)).accessToken;
  credentials.company = await companyToken(t.app, acme);
  credentials.organization = await organizationToken(t.app, acme, customer.id);
  credentials.otherCompany = await companyToken(t.app, other);
  const otherCustomer = await buildCustomer(db, other);
  credentials.otherOrganization = await organizationToken(t.app, other, otherCustomer.id);

  // Expired: the very claims of a real token, correctly signed, but an hour past their expiry.
  const accessKey = await signingKey(db, 'access');
  const past = Math.floor(Date.now() / 1000) - 7200;
  credentials.expiredSession = await new SignJWT({
    ...decodeJwt(owner.accessToken),
    iat: past,
    exp: past + 3600,
  })
    .setProtectedHeader({ alg: 'RS256', kid: accessKey.kid })
    .sign(accessKey.privateKey);
  const tenantKey = await signingKey(db, 'tenant');
  credentials.expiredTenant = await new SignJWT({
    ...decodeJwt(credentials.company),
    iat: past,
    exp: past + 3600,
  })
    .setProtectedHeader({ alg: 'RS256', kid: tenantKey.kid })
    .setIssuer(tenantIssuer(t.config.PUBLIC_URL))
    .sign(tenantKey.privateKey);

  // Revoked: a sign-in that was signed out everywhere, and tenant tokens of a member since deleted.
  const revoked = await signIn(t.app, victim.email, victim.password);
  credentials.revokedSession = revoked.accessToken;
  credentials.revokedTenant = await companyToken(t.app, { id: acme.id, owner: { id: victim.id } });
  await t.app.inject({
    method: 'POST',
    url: '/api/identity/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
    },
    payload: JSON.stringify({ AccessToken: revoked.accessToken }),
  });
  await db.deleteFrom('users').where('id', '=', victim.id).execute();
});
afterAll(() => t.close());

function routesOfOpenApi(): string[] {
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

function urlOf(route: string): string {
  const path = route.split(' ')[1] ?? '';
  return path
    .replace('{companyId}', acme.id)
    .replace('{orgId}', ids.orgId)
    .replace('{siteId}', ids.siteId)
    .replace('{id}', acmeMember.id);
}

const call = (route: string, token?: string) => {
  const body = ROUTES[route]?.body?.();
  return t.app.inject({
    method: route.split(' ')[0] as 'GET',
    url: urlOf(route),
    headers: token ? bearer(token) : {},
    ...(body !== undefined ? { payload: body as object } : route.startsWith('POST') ? { payload: {} } : {}),
  });
};

describe('authorization matrix', () => {
  it('has a row for every route, and every row is a route', () => {
    expect([...routesOfOpenApi()].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  const rows = Object.entries(ROUTES).filter(([, row]) => row.auth !== 'public');

  it.each(rows)(
    '%s refuses a missing, malformed, expired or revoked credential with 401',
    async (route, row) => {
      const session = row.auth === 'session';
      const bad = [
        undefined,
        'not-a-jwt',
        'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
        session ? credentials.expiredSession : credentials.expiredTenant,
        session ? credentials.revokedSession : credentials.revokedTenant,
        // A token of the wrong kind for this service.
        session ? credentials.company : credentials.ownerSession,
      ];
      for (const token of bad) {
        const res = await call(route, token);
        expect(res.statusCode, `${route} with ${token?.slice(0, 12)}`).toBe(401);
        expect(res.json().detail).toEqual(expect.any(String));
      }
    },
  );

  it.each(rows.filter(([, row]) => row.scoped))(
    '%s answers 404 to another company, whatever ids it sends',
    async (route, row) => {
      const token =
        row.auth === 'session'
          ? credentials.otherSession
          : row.auth === 'organization'
            ? credentials.otherOrganization
            : credentials.otherCompany;
      const res = await call(route, token);
      expect(res.statusCode, route).toBe(404);
    },
  );

  it.each(rows.filter(([, row]) => row.ownerOnly))('%s is refused to a member with 403', async (route) => {
    const res = await call(route, credentials.memberSession);
    expect(res.statusCode, route).toBe(403);
  });

  it.each(rows.filter(([, row]) => row.auth !== 'session' && row.auth !== 'public'))(
    '%s lets the right token through',
    async (route, row) => {
      const token = row.auth === 'organization' ? credentials.organization : credentials.company;
      const res = await call(route, token);
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(500);
      expect([401, 403, 404]).not.toContain(res.statusCode);
    },
  );

  it('company-wide reads with another company’s token never include this company’s customers', async () => {
    for (const [route, row] of rows.filter(([, r]) => !r.scoped && r.auth === 'company')) {
      const res = await call(route, credentials.otherCompany);
      expect(res.statusCode, route).toBe(200);
      expect(res.body, route).not.toContain(ids.orgId);
    }
  });
});
