import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusedAddress, PRIVATE_ADDRESS_ERROR } from '../../src/infrastructure/webhooks/http-sender.ts';
import { buildCompany } from '../helpers/factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { type Receiver, startReceiver } from './webhook-receiver.ts';

/** SSRF (issue 15 item 6): a name resolving to a private address is refused when the delivery connects. */

describe('webhook SSRF guard', () => {
  it.each([
    '127.0.0.1',
    '127.5.6.7',
    '::1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    '224.0.0.1',
    'ff02::1',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '255.255.255.255',
    // Issue 23 item 9: every IPv6 form carrying an IPv4 address, public ones included.
    '::7f00:1',
    '::127.0.0.1',
    '::a00:1',
    '::808:808',
    '::ffff:8.8.8.8',
    '::ffff:0:7f00:1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::a00:1',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('allows the public address %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  describe('without WEBHOOK_ALLOW_PRIVATE', () => {
    let t: TestApp;
    let receiver: Receiver;
    let token: string;
    beforeAll(async () => {
      t = await buildTestApp();
      receiver = await startReceiver();
      const company = await buildCompany(t.app.db);
      token = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
    });
    afterAll(async () => {
      await receiver.close();
      await t.close();
    });

    it('refuses to deliver to localhost, logging why, and the receiver gets nothing', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/v1/webhooks',
        headers: bearer(token),
        payload: { name: 'Local', url: receiver.url() },
      });
      expect(created.statusCode, created.body).toBe(201);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/v1/webhooks/${created.json().id}/test`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ responseStatus: null, error: PRIVATE_ADDRESS_ERROR });
      expect(receiver.received).toEqual([]);
    });
  });
});
