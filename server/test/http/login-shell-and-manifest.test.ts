import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLoginShell } from '../../../web/prerender/login-shell.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 24 points 1, 5 and 6: /login's index.html carries the pre-rendered sign-in page with the host
 * brand's names and links, every other page the bare app; the page is compressed; the manifest is the
 * host brand's.
 */
const shell = renderLoginShell();
const webDist = mkdtempSync(path.join(tmpdir(), 'portal-dist-shell-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html><head><title>Partner Portal</title><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/react-def.js"><link rel="preload" href="/api/config" as="fetch" crossorigin="anonymous" />${shell.head}</head><body>${shell.body}<div id="root"></div></body></html>`,
);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ BRAND_HOSTS: 'partner.kestreleye.example=kestrel' }, { webDist });
});
afterAll(() => t?.close());

const page = (url: string, host = 'localhost', acceptEncoding = 'identity') =>
  t.app.inject({ url, headers: { host, 'accept-encoding': acceptEncoding } });

describe('the pre-rendered sign-in page', () => {
  it('is part of /login only, with the host brand filled in', async () => {
    const lumora = await page('/login');
    expect(lumora.statusCode).toBe(200);
    expect(lumora.headers['cache-control']).toBe('no-cache');
    expect(lumora.body).toContain('id="prerendered-login-form"');
    expect(lumora.body).toContain('Lumora Partner Portal</span>');
    expect(lumora.body).toContain('href="https://www.lumora.example/legal/terms"');
    expect(lumora.body).toContain('Copyright © 2025 Lumora Systems Inc. All Rights Reserved.');
    expect(lumora.body).toContain('登入即表示您同意 Lumora Systems Inc. 的');
    expect(lumora.body).toContain('/login-boot.js');
    expect(lumora.body).not.toMatch(/%BRAND_[A-Z_]+%/);
    // The app's scripts and its first request wait for the visitor's use of the form (login-boot.js starts them).
    expect(lumora.body).not.toContain('<script type="module"');
    expect(lumora.body).not.toContain('<link rel="preload"');
    expect(lumora.body).toContain('<meta name="portal-entry" content="/assets/index-abc.js">');
    expect(lumora.body).toContain('<meta name="portal-preload" content="/assets/react-def.js">');
    expect(lumora.body).toContain('<meta name="portal-fetch" content="/api/config">');

    const kestrel = await page('/login?next=1', 'partner.kestreleye.example');
    expect(kestrel.body).toContain('Kestrel Eye Partner Center</span>');
    expect(kestrel.body).toContain('svg:not([data-brand="kestrel"])');
    expect(kestrel.body).not.toContain('Lumora');

    for (const url of ['/', '/dashboard', '/forgot-password', '/account/org-1/device']) {
      const other = await page(url);
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('<div id="root">');
      expect(other.body).not.toContain('prerendered-login');
      expect(other.body).not.toContain('login-boot.js');
      expect(other.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(other.body).toContain(
        '<link rel="preload" href="/api/config" as="fetch" crossorigin="anonymous" />',
      );
    }
  });

  it('is sent compressed to browsers that accept it, varying by encoding', async () => {
    const plain = (await page('/login')).body;
    const br = await page('/login', 'localhost', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 3);
    const gzip = await page('/login', 'localhost', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    const refused = await page('/login', 'localhost', 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');
  });
});

describe('the web app manifest', () => {
  it("is the host brand's, installable: name, start URL, standalone, 192 and 512 icons, a maskable one", async () => {
    const lumora = await page('/manifest.webmanifest');
    expect(lumora.statusCode).toBe(200);
    expect(lumora.headers['content-type']).toContain('application/manifest+json');
    expect(lumora.headers.vary).toContain('Host');
    expect(lumora.json()).toMatchObject({
      name: 'Lumora Partner Portal',
      start_url: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const icons = lumora.json().icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => [icon.src, icon.sizes, icon.purpose])).toEqual([
      ['/brand/lumora/icon.svg', 'any', 'any'],
      ['/brand/lumora/icon-192.png', '192x192', 'any'],
      ['/brand/lumora/icon-512.png', '512x512', 'any'],
      ['/brand/lumora/maskable-512.png', '512x512', 'maskable'],
    ]);
    const kestrel = (await page('/manifest.webmanifest', 'partner.kestreleye.example')).json();
    expect(kestrel.name).toBe('Kestrel Eye Partner Center');
    expect(kestrel.icons[1].src).toBe('/brand/kestrel/icon-192.png');
  });
});
