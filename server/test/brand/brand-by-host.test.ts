import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/infrastructure/config/config.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 23 point 13 (decision 0022): before sign-in, the brand is the host's (BRAND_HOSTS), else BRAND. */
const webDist = mkdtempSync(path.join(tmpdir(), 'portal-dist-brand-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Partner Portal</title></head><body><div id="root"></div></body></html>',
);

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  const env = {
    BRAND_HOSTS: 'partner.kestreleye.example=kestrel, 127.0.0.1=kestrel',
    USER_PORTAL_URL_KESTREL: 'https://portal.kestreleye.test/',
  };
  t = await buildTestApp(env, { webDist });
  proxied = await buildTestApp({ ...env, TRUST_PROXY: 'loopback' }, { webDist });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

const config = (app: TestApp, headers: Record<string, string>) =>
  app.app.inject({ url: '/api/config', headers }).then((res) => res.json());

describe('the brand of a host', () => {
  it('runtime config: the mapped host gets its brand and user portal, any other host BRAND', async () => {
    const kestrel = await config(t, { host: 'partner.kestreleye.example' });
    expect(kestrel).toMatchObject({ brand: 'kestrel', userPortalUrl: 'https://portal.kestreleye.test/' });
    expect((await config(t, { host: 'Partner.KestrelEye.Example:8443' })).brand).toBe('kestrel');
    expect((await config(t, { host: '127.0.0.1:8250' })).brand).toBe('kestrel');
    const lumora = await config(t, { host: 'localhost:8250' });
    expect(lumora).toMatchObject({ brand: 'lumora', userPortalUrl: 'https://portal.lumora.example/' });
    expect((await config(t, { host: 'elsewhere.example' })).brand).toBe('lumora');
    const res = await t.app.inject({ url: '/api/config', headers: { host: 'localhost' } });
    expect(res.headers.vary).toContain('Host');
  });

  it('believes X-Forwarded-Host only from a proxy TRUST_PROXY trusts', async () => {
    const forwarded = { host: 'localhost', 'x-forwarded-host': 'partner.kestreleye.example' };
    expect((await config(t, forwarded)).brand).toBe('lumora');
    // inject comes from 127.0.0.1, a loopback proxy.
    expect((await config(proxied, forwarded)).brand).toBe('kestrel');
  });

  it('serves index.html with the host brand’s product name as title, on / and on every page path', async () => {
    const kestrel = await t.app.inject({ url: '/', headers: { host: 'partner.kestreleye.example' } });
    expect(kestrel.statusCode).toBe(200);
    expect(kestrel.headers['content-type']).toContain('text/html');
    expect(kestrel.body).toContain('<title>Kestrel Eye Partner Center</title>');
    expect(kestrel.body).toContain('<div id="root"></div>');
    const deep = await t.app.inject({ url: '/login', headers: { host: 'localhost' } });
    expect(deep.body).toContain('<title>Lumora Partner Portal</title>');
    expect(deep.headers['cache-control']).toBe('no-cache');
  });
});

describe('BRAND_HOSTS validation', () => {
  it('accepts host=brand pairs, case-insensitive hosts, an empty value', () => {
    expect(loadConfig({ BRAND_HOSTS: 'A.example=kestrel,localhost=lumora' }).BRAND_HOSTS).toEqual({
      'a.example': 'kestrel',
      localhost: 'lumora',
    });
    expect(loadConfig({ BRAND_HOSTS: '' }).BRAND_HOSTS).toEqual({});
  });

  it.each([
    ['an unknown brand', 'a.example=acme'],
    ['a port', 'a.example:8080=kestrel'],
    ['no brand', 'a.example'],
    ['a URL', 'https://a.example=kestrel'],
    ['a host twice', 'a.example=kestrel,A.example=lumora'],
  ])('refuses %s, naming the variable', (_case, value) => {
    expect(() => loadConfig({ BRAND_HOSTS: value })).toThrowError(/BRAND_HOSTS/);
  });

  it('USER_PORTAL_URL_<BRAND> must be a URL', () => {
    expect(() => loadConfig({ USER_PORTAL_URL_KESTREL: 'not a url' })).toThrowError(
      /USER_PORTAL_URL_KESTREL/,
    );
  });
});
