import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../src/infrastructure/http/errors.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
writeFileSync(path.join(webDist, 'login-boot.js'), 'void 0');
const bundle = `console.log(${JSON.stringify('x'.repeat(4000))})`;
writeFileSync(path.join(webDist, 'assets', 'bundle-def456.js'), bundle);
writeFileSync(path.join(webDist, 'assets', 'bundle-def456.js.br'), brotliCompressSync(bundle));
writeFileSync(path.join(webDist, 'assets', 'bundle-def456.js.gz'), gzipSync(bundle));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { webDist });
});
afterAll(() => t.close());

describe('server shell', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('publishes the runtime configuration the SPA starts from', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.brand).toBe('lumora');
    expect(body.services.reseller).toBe('/api/reseller');
    expect(body.identity).toMatchObject({ region: 'us-west-2', userPoolId: 'us-west-2_PartnerPool1' });
    expect(body.identity.userPoolEndpoint).toBe('/api/identity');
  });

  it('serves the SPA with history fallback and long-lived caching of hashed assets', async () => {
    const page = await t.app.inject('/account/123/device');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('caches for repeat visits only what cannot change: hashed assets for a year, pages and the worker never', async () => {
    // Issue 24 point 5: a file under assets/ has its content's hash in its name, so it never changes.
    const asset = await t.app.inject('/assets/main-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Pages answer with the current build's script names: revalidated on every visit (the service worker
    // serves its precached copy meanwhile).
    for (const url of ['/', '/login', '/dashboard', '/account/123/device?view=mapMode']) {
      const page = await t.app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    // The service worker's script: a new build's worker must reach the browser at its next check, so the
    // HTTP cache never answers for it; it is JavaScript from this origin at the root (its scope is the whole app).
    const worker = await t.app.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toContain('javascript');
    // Files without a hash in their name (the sign-in page's boot script, icons) are revalidated too.
    const boot = await t.app.inject('/login-boot.js');
    expect(boot.headers['cache-control']).toBe('no-cache');
    expect(boot.headers.etag).toBeTruthy();
  });

  it('sends the precompressed copy of an asset to browsers that accept it, the original otherwise', async () => {
    const br = await t.app.inject({
      url: '/assets/bundle-def456.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    const gzip = await t.app.inject({
      url: '/assets/bundle-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      url: '/assets/bundle-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
    // Without a compressed copy, the original; a missing asset stays a 404; pages still fall back to the app.
    const small = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
    const missing = await t.app.inject({
      url: '/assets/missing.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(missing.statusCode).toBe(404);
    const page = await t.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/reseller/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ extraType: 'NOT_FOUND', detail: expect.any(String) });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

describe('error handling', () => {
  it('turns malformed JSON, schema violations, typed errors and crashes into {detail, extraType}', async () => {
    const { buildApp } = await import('../../src/app.ts');
    const app = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      webDist: '/nonexistent',
    });
    app.post('/api/probe', { schema: { body: z.object({ name: z.string().max(5) }) } }, async () => ({
      ok: true,
    }));
    app.get('/api/probe/typed', async () => {
      throw new HttpError(409, 'The Email Already Exists.', 'USER_EXIST');
    });
    app.get('/api/probe/crash', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    await app.ready();

    const malformed = await app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toEqual(expect.any(String));

    const invalid = await app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: { name: 'far too long' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toContain('name');
    expect(invalid.json().extraType).toBe('VALIDATION');

    const typed = await app.inject('/api/probe/typed');
    expect(typed.statusCode).toBe(409);
    expect(typed.json()).toEqual({ detail: 'The Email Already Exists.', extraType: 'USER_EXIST' });

    const crash = await app.inject('/api/probe/crash');
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('postgres://');
    expect(crash.json()).toEqual({ detail: 'Something went wrong!' });
    await app.close();
  });
});
