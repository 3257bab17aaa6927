import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { ROUTES, urlOf } from './route-table.ts';
import { buildSecurityFixture, type SecurityFixture } from './security-fixture.ts';

/**
 * Issue 27 item 7: every partner-API route of the route table against every kind of key: none, malformed,
 * revoked, another kind of credential, missing scope, another company's, a dealer's on the roll-ups.
 */

let t: TestApp;
let f: SecurityFixture;

beforeAll(async () => {
  t = await buildTestApp({ PARTNER_API_RATE_LIMIT_PER_MINUTE: '100000' });
  f = await buildSecurityFixture(t);
}, 180_000);
afterAll(() => t.close());

const rows = Object.entries(ROUTES).flatMap(([route, row]) =>
  row.auth === 'api-key' ? [[route, row] as const] : [],
);

const call = (route: string, token?: string, url = urlOf(route, f)) => {
  const body = ROUTES[route]?.body?.(f, f.acme.owner.email);
  return t.app.inject({
    method: route.split(' ')[0] as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
};

describe('partner API authorization matrix', () => {
  it('covers the partner API', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
  });

  it.each(rows)(
    '%s refuses a missing, malformed, revoked or other kind of credential with 401',
    async (route) => {
      const c = f.credentials;
      const bad = [
        undefined,
        'ppk_',
        `ppk_${'0'.repeat(43)}`,
        `${c.apiKey}x`,
        c.apiKey.slice(0, -1),
        c.revokedApiKey,
        c.ingestKey,
        c.company,
        c.ownerSession,
        c.hqViewCompany,
      ];
      for (const token of bad) {
        const res = await call(route, token);
        expect(res.statusCode, `${route} with ${token?.slice(0, 12)}`).toBe(401);
        expect(res.json().detail).toEqual(expect.any(String));
      }
    },
  );

  it.each(rows)('%s needs its scope: a key without it gets 403 with the scope named', async (route, row) => {
    const token = row.scope === 'read' ? f.credentials.apiKeyWriteOnly : f.credentials.apiKeyReadOnly;
    const res = await call(route, token);
    expect(res.statusCode, `${route}: ${res.body}`).toBe(403);
    expect(res.json().detail).toBe(`This API key does not have the ${row.scope} scope.`);
  });

  it.each(rows.filter(([, row]) => !row.partner))('%s lets the right key through', async (route) => {
    const res = await call(route, f.credentials.apiKey);
    expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(400);
  });

  it.each(rows.filter(([, row]) => row.names))(
    '%s answers 404 to another company’s key for company A’s ids',
    async (route) => {
      const res = await call(route, f.credentials.otherApiKey);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(404);
    },
  );

  it.each(rows.filter(([, row]) => !row.names && !row.partner && row.scope === 'read'))(
    '%s with another company’s key never includes company A’s data',
    async (route) => {
      const res = await call(route, f.credentials.otherApiKey);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(f.ids.orgId);
    },
  );

  it.each(rows.filter(([, row]) => row.partner))(
    '%s is for the partner hierarchy: a dealer’s key gets 403, HQ’s is let through',
    async (route) => {
      const dealer = await call(route, f.credentials.apiKey);
      expect(dealer.statusCode, route).toBe(403);
      expect(dealer.json().detail).toBe('Your role cannot use this.');
      expect((await call(route, f.credentials.hqApiKey)).statusCode, route).toBe(200);
    },
  );

  it.each(rows.filter(([, row]) => !row.partner))(
    '%s with HQ’s key on Acme’s data (companyId): reads pass, writes are 403',
    async (route, row) => {
      const res = await call(route, f.credentials.hqApiKey, `${urlOf(route, f)}?companyId=${f.acme.id}`);
      if (row.scope === 'read') expect(res.statusCode, `${route}: ${res.body}`).toBe(200);
      else {
        expect(res.statusCode, `${route}: ${res.body}`).toBe(403);
        expect(res.json().detail).toBe('This view is read-only.');
      }
    },
  );
});
