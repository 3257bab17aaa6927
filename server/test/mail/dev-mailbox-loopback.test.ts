import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoExposureWarning } from '../../src/demo/exposure-warning.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 23 item 7: the development mailbox holds reset codes and temporary passwords; only this machine reads it. */
let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await buildTestApp();
  proxied = await buildTestApp({ TRUST_PROXY: 'loopback' }, { database: direct.database });
  await direct.app.mail.send({
    to: 'victim@example.com',
    template: 'reset-code',
    params: { code: '424242' },
  });
});
afterAll(async () => {
  await proxied.close();
  await direct.close();
});

const MESSAGES = '/api/dev/mailbox/messages?to=victim@example.com';

describe('development mailbox', () => {
  it.each(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])(
    'answers a client on this machine (%s)',
    async (remoteAddress) => {
      const res = await direct.app.inject({ url: MESSAGES, remoteAddress });
      expect(res.statusCode).toBe(200);
      expect(res.json().items[0].text).toContain('424242');
    },
  );

  it.each(['203.0.113.5', '10.0.0.7', '192.168.1.20', '::ffff:203.0.113.5', '2001:db8::1'])(
    'refuses a client elsewhere (%s), page and messages alike',
    async (remoteAddress) => {
      for (const url of [MESSAGES, '/api/dev/mailbox']) {
        const res = await direct.app.inject({ url, remoteAddress });
        expect(res.statusCode).toBe(403);
        expect(res.json().detail).toBe(
          'The development mailbox answers only on the machine running the portal.',
        );
        expect(res.body).not.toContain('424242');
      }
    },
  );

  it('judges the client after TRUST_PROXY: a trusted loopback proxy forwarding an outside client is refused', async () => {
    const forwarded = await proxied.app.inject({
      url: MESSAGES,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.5' },
    });
    expect(forwarded.statusCode).toBe(403);
    const local = await proxied.app.inject({
      url: MESSAGES,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(local.statusCode).toBe(200);
  });

  it('refuses a forwarded outside client even from an untrusted proxy on this machine', async () => {
    for (const headers of [
      { 'x-forwarded-for': '127.0.0.1, 203.0.113.5' },
      { 'x-real-ip': '198.51.100.9' },
    ]) {
      const res = await direct.app.inject({ url: MESSAGES, remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('demo mode reachable from other machines', () => {
  const base = { MODE: 'demo' as const, PUBLIC_URL: 'http://portal.example' };
  it.each(['0.0.0.0', '::', '10.0.0.5', 'portal.example'])(
    'says loudly that it is a demo on HOST=%s',
    (HOST) => {
      expect(demoExposureWarning({ ...base, HOST })).toMatch(/THIS IS A DEMO \(MODE=demo\) LISTENING ON/);
    },
  );

  it.each(['127.0.0.1', '::1', 'localhost', '[::1]'])('stays quiet on loopback (%s)', (HOST) => {
    expect(demoExposureWarning({ ...base, HOST })).toBeUndefined();
  });

  it('stays quiet in production', () => {
    expect(demoExposureWarning({ ...base, MODE: 'production', HOST: '0.0.0.0' })).toBeUndefined();
  });
});
