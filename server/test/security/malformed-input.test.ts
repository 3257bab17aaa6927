import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { ROUTES, rightCredential, urlOf } from './route-table.ts';
import { buildSecurityFixture, type SecurityFixture } from './security-fixture.ts';

/**
 * Generated malformed input against every endpoint (issue 7): wrong types, missing and extra fields,
 * oversized strings, forbidden characters, injection strings, bad ids and cursors. Each answer must be
 * a 4xx with a message (or a harmless read), never a 5xx, and the data must be unchanged afterwards.
 * FUZZ_REQUESTS sets the total (default 10,000); the seed is fixed so a failure reproduces.
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20251122);

const injections = [
  "'; drop table users; --",
  "' or '1'='1",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell probe, literally
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  '‮',
  '😀'.repeat(50),
  'a'.repeat(100_000),
  '-1',
  '0',
  '1e309',
  'null',
  '[]',
  '{}',
];

const nastyString = fc.oneof(
  fc.constantFrom(...injections),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 5_000 }),
);
/** Always invalid in a body field: a wrong type, or a string no field accepts (a BEL, or 100 KB). */
const badValue = fc.oneof(
  nastyString.map((value) => `${value}\u0007`),
  fc.constant('x'.repeat(100_000)),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue(), { maxKeys: 5 }),
);

/** Lone surrogates cannot be put in a URL; replace them as String#toWellFormed (ES2024) would. */
const wellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

let t: TestApp;
let f: SecurityFixture;
let expectedFields: Map<string, string[]>;

beforeAll(async () => {
  // Every call of the partner API counts against its key's rate limit: far above what this suite sends.
  t = await buildTestApp({ PARTNER_API_RATE_LIMIT_PER_MINUTE: '1000000' });
  f = await buildSecurityFixture(t);
  const spec = t.app.swagger() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>
    >;
  };
  expectedFields = new Map();
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const schema = op.requestBody?.content?.['application/json']?.schema as
        | { properties?: Record<string, unknown>; items?: { properties?: Record<string, unknown> } }
        | undefined;
      if (schema) {
        expectedFields.set(
          `${method.toUpperCase()} ${path}`,
          Object.keys(schema.properties ?? schema.items?.properties ?? {}),
        );
      }
    }
  }
});
afterAll(() => t.close());

/** A digest of every table that a refused request must not touch. */
async function dataDigest(): Promise<string> {
  const tables = [
    'companies',
    'users',
    'organizations',
    'sites',
    'devices',
    'services',
    'licenses',
    'license_inventory',
    'remote_access_requests',
    'organization_contact_email_changes',
    'login_records',
    'audit_log',
    'identity_users',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ digest: string }>`
      select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${sql.table(table)} x
    `.execute(t.app.db);
    parts.push(`${table}:${rows[0]?.digest}`);
  }
  return parts.join('\n');
}

type Attempt = { route: string; url: string; body?: unknown; raw?: string };

function attemptsFor(route: string, count: number, seed: number): Attempt[] {
  const url = urlOf(route, f);
  const path = route.split(' ')[1] ?? '';
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const fields = expectedFields.get(route);
  const method = route.split(' ')[0];
  const kinds: ((rng: number) => Attempt)[] = [];

  if (params.length > 0) {
    const values = fc.sample(nastyString, { numRuns: count, seed });
    kinds.push((i) => {
      let bad = path;
      for (const p of params)
        bad = bad.replace(`{${p}}`, encodeURIComponent(wellFormed(values[i % values.length] ?? '')));
      // Keep the other parameters valid so the bad one is what gets checked.
      let badUrl = urlOf(`${method} ${bad}`, f);
      // A generated value can happen to be a real id (incident ids are small numbers): not a bad request.
      if (badUrl === url) badUrl = urlOf(`${method} ${bad.replace(/\/([^/]*)$/, '/$1x')}`, f);
      return { route, url: badUrl, ...(fields ? { body: {} } : {}) };
    });
  }
  if (method === 'GET') {
    const values = fc.sample(fc.tuple(nastyString, nastyString, nastyString), {
      numRuns: count,
      seed: seed + 1,
    });
    kinds.push((i) => {
      const [cursor, limit, q] = values[i % values.length] ?? ['', '', ''];
      const query = new URLSearchParams({ cursor, limit, q, deviceId: cursor }).toString();
      return { route, url: `${url}?${query}` };
    });
  }
  if (fields) {
    const wrongTypes = fc.sample(
      fc.oneof(
        badValue,
        fc.record(Object.fromEntries(fields.map((name) => [name, badValue]))),
        fc.record(Object.fromEntries(fields.map((name) => [name, badValue])), { requiredKeys: [] }),
        fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })), badValue, {
          maxKeys: 6,
        }),
        fc.array(fc.dictionary(fc.constantFrom(...fields, 'server', 'siteId'), badValue), { maxLength: 3 }),
      ),
      { numRuns: count, seed: seed + 2 },
    );
    const validBody = ROUTES[route]?.validBody;
    const invalid = validBody ? wrongTypes.filter((body) => !validBody(body)) : wrongTypes;
    kinds.push((i) => ({ route, url, body: invalid[i % invalid.length] }));
    kinds.push((i) => ({ route, url, raw: ['{"a":', '[1,2', 'null', '"\\u00"', '\u0000', ''][i % 6] }));
  }
  if (kinds.length === 0) return [];
  return Array.from({ length: count }, (_, i) =>
    (kinds[i % kinds.length] as (n: number) => Attempt)(Math.floor(i / kinds.length)),
  );
}

describe('malformed input', () => {
  it(`${TOTAL} generated bad requests: never a 5xx, always a message, nothing changed`, async () => {
    const before = await dataDigest();
    // An event stream takes no input and never ends: its own tests are in test/user-portal/events.test.ts.
    const routes = Object.keys(ROUTES).filter((route) => !ROUTES[route]?.stream);
    const perRoute = Math.ceil(TOTAL / routes.length);
    let sent = 0;
    const accepted: string[] = [];
    for (const [index, route] of routes.entries()) {
      const row = ROUTES[route];
      if (!row) continue;
      const token = rightCredential(row, f);
      for (const attempt of attemptsFor(route, perRoute, SEED + index * 10)) {
        const res = await t.app.inject({
          method: route.split(' ')[0] as 'POST',
          url: attempt.url,
          headers: {
            ...(token ? bearer(token) : {}),
            ...(attempt.raw !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(attempt.raw !== undefined
            ? { payload: attempt.raw }
            : attempt.body !== undefined
              ? {
                  payload: JSON.stringify(attempt.body),
                  headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
                }
              : {}),
        });
        sent += 1;
        const where = `${route} ${attempt.url.slice(0, 120)} ${JSON.stringify(attempt.body ?? attempt.raw)?.slice(0, 200)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().detail, where).toEqual(expect.any(String));
        else if (route.split(' ')[0] !== 'GET') accepted.push(`${res.statusCode} ${where}`);
      }
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    // A state-changing request with generated input must never have been accepted...
    expect(accepted).toEqual([]);
    // ...and nothing may have changed.
    expect(await dataDigest()).toBe(before);
  }, 600_000);

  it('the identity endpoint answers generated bad input in its own envelope, never with a 5xx', async () => {
    const operations = [
      'InitiateAuth',
      'RespondToAuthChallenge',
      'GetTokensFromRefreshToken',
      'ForgotPassword',
      'ConfirmForgotPassword',
      'ChangePassword',
      'RevokeToken',
      'GlobalSignOut',
      'GetUser',
      'AdminCreateUser',
      'GetUserAuthFactors',
      'StartWebAuthnRegistration',
      'CompleteWebAuthnRegistration',
      'ListWebAuthnCredentials',
      'DeleteWebAuthnCredential',
      'AssociateSoftwareToken',
      'VerifySoftwareToken',
      'SetUserMFAPreference',
      'AdminSetUserMFAPreference',
    ];
    const members = [
      'AuthFlow',
      'ClientId',
      'AuthParameters',
      'Username',
      'Password',
      'AccessToken',
      'Token',
      'Credential',
      'CredentialId',
      'MaxResults',
      'NextToken',
      'Session',
      'UserCode',
      'SoftwareTokenMfaSettings',
      'EmailMfaSettings',
    ];
    const bodies = fc.sample(
      fc.oneof(
        fc.dictionary(fc.constantFrom(...members), fc.oneof(badValue, fc.constantFrom(...injections))),
        fc.record({
          AuthFlow: fc.constantFrom('USER_PASSWORD_AUTH', 'USER_SRP_AUTH', 'REFRESH_TOKEN_AUTH'),
          ClientId: fc.constant(t.config.COGNITO_CLIENT_ID),
          AuthParameters: fc.dictionary(
            fc.constantFrom('USERNAME', 'PASSWORD', 'SRP_A', 'REFRESH_TOKEN'),
            nastyString,
          ),
        }),
      ),
      { numRuns: Math.ceil(TOTAL / 10), seed: SEED },
    );
    for (const [i, body] of bodies.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/identity/',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operations[i % operations.length]}`,
        },
        payload: JSON.stringify(body),
      });
      const where = `${operations[i % operations.length]} ${JSON.stringify(body).slice(0, 200)}`;
      expect(res.statusCode, where).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json().__type, where).toEqual(expect.any(String));
    }
  }, 600_000);
});
