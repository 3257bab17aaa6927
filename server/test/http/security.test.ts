import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let demo: TestApp;
beforeAll(async () => {
  demo = await buildTestApp();
});
afterAll(() => demo.close());

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff, a referrer policy and frame-ancestors', async () => {
    const res = await demo.app.inject('/api/config');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://tile.openstreetmap.org');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same headers on refused calls, unknown URLs and the identity endpoint', async () => {
    const reference = await demo.app.inject('/api/config');
    const responses = await Promise.all([
      demo.app.inject({ url: '/api/reseller/v1/me', headers: { authorization: 'Bearer x' } }),
      demo.app.inject('/api/no-such-route'),
      demo.app.inject(`/api/identity/${demo.config.COGNITO_USER_POOL_ID}/.well-known/jwks.json`),
    ]);
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
    ])
      for (const res of responses) expect(res.headers[name]).toBe(reference.headers[name]);
    expect(responses.map((res) => res.statusCode)).toEqual([401, 404, 200]);
  });

  it('adds HSTS in production mode', async () => {
    const production = await buildTestApp(
      { MODE: 'production', PUBLIC_URL: 'https://portal.example.com' },
      { database: demo.database },
    );
    const res = await production.app.inject('/healthz');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    await production.app.close();
  });
});

/** Issue 28 item 7: the headers helmet sets with our options, byte for byte (before and after @fastify/helmet). */
const HELMET_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';worker-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https://tile.openstreetmap.org;font-src 'self' data:;connect-src 'self';media-src 'self' https:;frame-src 'self' https:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
/** What a response has besides the security headers. */
const OTHER_HEADERS = ['cache-control', 'connection', 'content-length', 'content-type', 'date', 'vary'];

describe('the security headers, exactly', () => {
  it("sends helmet's headers and no others in demo mode", async () => {
    const res = await demo.app.inject('/api/config');
    expect(res.headers).toMatchObject(HELMET_HEADERS);
    expect(Object.keys(res.headers).sort()).toEqual(
      [...Object.keys(HELMET_HEADERS), ...OTHER_HEADERS].sort(),
    );
  });

  it("lets a page's own policy win over helmet's (the mailed remote-access page)", async () => {
    const res = await demo.app.inject('/api/default/remote-access/bogus');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    );
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('adds HSTS and upgrade-insecure-requests in production', async () => {
    const production = await buildTestApp(
      { MODE: 'production', PUBLIC_URL: 'https://portal.example.com' },
      { database: demo.database },
    );
    const res = await production.app.inject('/api/config');
    await production.app.close();
    expect(res.headers).toMatchObject({
      ...HELMET_HEADERS,
      'content-security-policy': `${HELMET_HEADERS['content-security-policy']};upgrade-insecure-requests`,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(Object.keys(res.headers).sort()).toEqual(
      [...Object.keys(HELMET_HEADERS), 'strict-transport-security', ...OTHER_HEADERS].sort(),
    );
  });
});

describe('cross-site writes', () => {
  const write = (headers: Record<string, string>) =>
    demo.app.inject({
      method: 'POST',
      url: '/api/reseller/auth/password',
      payload: { email: 'nobody@example.test' },
      headers,
    });

  it('refuses state-changing requests from another site', async () => {
    const fromElsewhere = await write({ origin: 'https://evil.example' });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.json().detail).toBe('Cross-site request refused');
    expect((await write({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('lets same-origin and non-browser requests through', async () => {
    expect((await write({ origin: 'http://localhost:8080' })).statusCode).not.toBe(403);
    expect((await write({})).statusCode).not.toBe(403);
  });
});
