import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/services/identity/operations/index.ts';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { bearer, identityCall, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { distributorCredential, IDENTITY_OPERATIONS, ROUTES, rightCredential, urlOf } from './route-table.ts';
import { buildSecurityFixture, type SecurityFixture } from './security-fixture.ts';

/** Every route of every service against every kind of bad credential (issue 7) and every role (issue 12). */

let t: TestApp;
let f: SecurityFixture;

beforeAll(async () => {
  t = await buildTestApp();
  f = await buildSecurityFixture(t);
}, 180_000);
afterAll(() => t.close());

function routesOfOpenApi(): string[] {
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

const call = (route: string, token?: string, email = f.acme.owner.email) => {
  const body = ROUTES[route]?.body?.(f, email);
  return t.app.inject({
    method: route.split(' ')[0] as 'GET',
    url: urlOf(route, f),
    headers: token ? bearer(token) : {},
    ...(body !== undefined ? { payload: body as object } : route.startsWith('POST') ? { payload: {} } : {}),
  });
};

const rows = Object.entries(ROUTES).filter(([, row]) => row.auth !== 'public');

describe('authorization matrix', () => {
  it('has a row for every route, and every row is a route', () => {
    expect(routesOfOpenApi().sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it.each(rows)(
    '%s refuses a missing, malformed, expired, revoked, signed-out or wrong-kind credential with 401',
    async (route, row) => {
      const session = row.auth === 'session';
      const c = f.credentials;
      const signedOut = row.auth === 'organization' ? c.signedOutOrganization : c.signedOutCompany;
      const bad = [
        undefined,
        'not-a-jwt',
        'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
        session ? c.expiredSession : c.expiredTenant,
        session ? c.revokedSession : c.revokedTenant,
        session ? c.revokedSession : signedOut,
        session ? c.company : c.ownerSession,
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
      const c = f.credentials;
      const token =
        row.auth === 'session'
          ? c.otherSession
          : row.auth === 'organization'
            ? c.otherOrganization
            : c.otherCompany;
      expect((await call(route, token)).statusCode, route).toBe(404);
    },
  );

  it.each(rows.filter(([, row]) => row.ownerOnly))('%s is refused to a member with 403', async (route) => {
    expect((await call(route, f.credentials.memberSession)).statusCode, route).toBe(403);
  });

  it.each(rows.filter(([, row]) => 'roles' in row && row.roles === 'dealer'))(
    '%s is dealer-only: a distributor gets 403 with a message',
    async (route, row) => {
      const res = await call(route, distributorCredential(row, f));
      expect(res.statusCode, `${route}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ detail: 'Only dealers can use this.', extraType: 'FORBIDDEN' });
    },
  );

  it.each(rows.filter(([, row]) => 'roles' in row && row.roles === 'partner'))(
    '%s is for the partner hierarchy: a dealer gets 403, a distributor is let through',
    async (route) => {
      const dealer = await call(route, f.credentials.ownerSession);
      expect(dealer.statusCode, `${route}: ${dealer.body}`).toBe(403);
      expect(dealer.json()).toEqual({ detail: 'Your role cannot use this.', extraType: 'FORBIDDEN' });
      const distributor = await call(route, f.credentials.distributorOwnerSession, f.distributor.owner.email);
      // The fixture's dealer is not below the fixture's distributor: its scorecard is 404, not 403.
      expect([200, 404], `${route}: ${distributor.body}`).toContain(distributor.statusCode);
    },
  );

  it.each(rows.filter(([, row]) => 'roles' in row && row.roles === 'partner'))(
    '%s for HQ (every company) and a region (nothing below it)',
    async (route) => {
      const hq = await call(route, f.credentials.hqSession);
      expect(hq.statusCode, `${route}: ${hq.body}`).toBe(200);
      const region = await call(route, f.credentials.regionSession);
      // Acme is not below the region: the list is empty, Acme's scorecard is 404.
      if (route.includes('{companyId}')) expect(region.statusCode, route).toBe(404);
      else expect(region.json().items, route).toEqual([]);
    },
  );

  it.each(rows.filter(([, row]) => 'roles' in row && row.roles === 'dealer' && row.auth === 'session'))(
    '%s is dealer-only for HQ and region sessions too',
    async (route) => {
      for (const token of [f.credentials.hqSession, f.credentials.regionSession]) {
        const res = await call(route, token);
        expect(res.statusCode, `${route}: ${res.body}`).toBe(403);
      }
    },
  );

  // Issue 23: the dealer's session routes (license inventory, a customer's metadata) too, so every screen of
  // the dealer reads in the view; the dealer's account settings are not part of it.
  it.each(rows.filter(([, row]) => 'roles' in row && row.roles === 'dealer' && !row.dealerSettings))(
    '%s with HQ’s read-only view of the dealer: reads pass, writes are 403',
    async (route, row) => {
      const token =
        row.auth === 'organization' ? f.credentials.hqViewOrganization : f.credentials.hqViewCompany;
      if (row.stream) return; // an endless stream: its token check has its own test (events.test.ts)
      const res = await call(route, token);
      if (route.startsWith('GET ')) {
        expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(400);
      } else {
        expect(res.statusCode, `${route}: ${res.body}`).toBe(403);
        expect(res.json().detail).toBe('This view is read-only.');
      }
    },
  );

  it.each(rows.filter(([, row]) => row.dealerSettings))(
    '%s (the dealer’s own settings) refuses the read-only view with 403',
    async (route) => {
      const res = await call(route, f.credentials.hqViewCompany);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(403);
      expect(res.json().detail).toBe(
        route.startsWith('GET ') ? 'The read-only view does not include this.' : 'This view is read-only.',
      );
    },
  );

  it.each(
    rows.filter(
      ([route, row]) =>
        row.scoped &&
        'roles' in row &&
        row.roles === 'dealer' &&
        !row.dealerSettings &&
        route.startsWith('GET '),
    ),
  )('%s answers 404 to a view of another dealer, whatever ids it sends', async (route, row) => {
    const token =
      row.auth === 'organization' ? f.credentials.hqViewOtherOrganization : f.credentials.hqViewOtherCompany;
    const res = await call(route, token);
    expect(res.statusCode, `${route}: ${res.body}`).toBe(404);
  });

  it('the member’s own routes (company, members, profile, partners) refuse the read-only view with 403', async () => {
    for (const [route] of rows.filter(([, r]) => 'roles' in r && r.roles !== 'dealer')) {
      const res = await call(route, f.credentials.hqViewCompany);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(403);
      expect(res.json().detail, route).toBe(
        route.startsWith('GET ') ? 'The read-only view does not include this.' : 'This view is read-only.',
      );
    }
  });

  it('open to any role: a distributor is not refused for its role', async () => {
    for (const [route, row] of rows.filter(([, r]) => 'roles' in r && r.roles === 'any')) {
      const token =
        row.auth === 'session' ? f.credentials.distributorOwnerSession : distributorCredential(row, f);
      const res = await call(route, token, f.distributor.owner.email);
      expect(res.statusCode, `${route}: ${res.body}`).not.toBe(403);
      expect(res.statusCode, `${route}: ${res.body}`).not.toBe(401);
    }
  });

  it.each(rows.filter(([, row]) => row.auth !== 'session' && !row.stream))(
    '%s lets the right token through',
    async (route, row) => {
      const res = await call(route, rightCredential(row, f));
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(400);
    },
  );

  it('company-wide reads with another company’s token never include this company’s customers', async () => {
    for (const [route] of rows.filter(([, r]) => !r.scoped && !r.stream && r.auth === 'company')) {
      const res = await call(route, f.credentials.otherCompany);
      expect(res.statusCode, route).toBe(200);
      expect(res.body, route).not.toContain(f.ids.orgId);
    }
  });
});

describe('authorization matrix of the identity operations (POST /api/identity/)', () => {
  const operations = Object.entries(IDENTITY_OPERATIONS);
  const byToken = operations.filter(([, row]) => row.auth !== 'public' && row.auth !== 'signed');

  it('has a row for every operation, and every row is an operation', () => {
    expect(Object.keys(IDENTITY_OPERATIONS).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const [name, row] of operations)
      expect(OPERATIONS[name]?.signed ?? false, name).toBe(row.auth === 'signed');
  });

  it.each(byToken)(
    '%s refuses a malformed, expired, revoked or wrong-kind access token with NotAuthorizedException',
    async (operation, row) => {
      const c = f.credentials;
      for (const token of [
        'not-a-jwt',
        'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
        c.expiredSession,
        c.revokedSession,
        c.company,
      ]) {
        const res = await identityCall(t.app, operation, { ...row.body, AccessToken: token });
        expect(res.statusCode, `${operation} with ${token.slice(0, 12)}`).toBe(400);
        expect(res.json().__type, `${operation} with ${token.slice(0, 12)}`).toBe('NotAuthorizedException');
      }
      const none = await identityCall(t.app, operation, { ...row.body });
      expect(none.json().__type, operation).toBe('InvalidParameterException');
      // A sign-in of its own: GlobalSignOut revokes the token it is given.
      const email = `identity-${operation.toLowerCase()}@example.test`;
      await createPoolUser(t.app.db, { email, password: 'Passw0rdOk', temporary: false }, t.config);
      const { accessToken } = await signIn(t.app, email, 'Passw0rdOk');
      const right = await identityCall(t.app, operation, { ...row.body, AccessToken: accessToken });
      expect(right.json().__type, `${operation}: ${right.body}`).not.toBe('NotAuthorizedException');
    },
  );

  it.each(operations.filter(([, row]) => row.auth === 'access-token-or-session'))(
    '%s refuses a Session that is no live MFA_SETUP Session',
    async (operation, row) => {
      for (const session of ['x'.repeat(64), 'not-a-session-at-all-but-long-enough']) {
        const res = await identityCall(t.app, operation, { ...row.body, Session: session });
        expect(res.json(), operation).toEqual({
          __type: 'NotAuthorizedException',
          message: 'Invalid session for the user, session is expired.',
        });
      }
    },
  );

  it.each(operations.filter(([, row]) => row.auth === 'signed'))(
    '%s refuses an unsigned call, even with a session token',
    async (operation, row) => {
      const body = { UserPoolId: t.config.COGNITO_USER_POOL_ID, Username: f.acme.owner.email, ...row.body };
      const res = await identityCall(t.app, operation, { ...body, AccessToken: f.credentials.ownerSession });
      expect(res.statusCode, operation).toBe(400);
      expect(res.json().__type, operation).toBe('MissingAuthenticationTokenException');
    },
  );
});
