import type { WebhookWithSecret } from '@portal/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany } from '../helpers/factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { type Receiver, startReceiver } from './webhook-receiver.ts';

/** Issue 23 item 9: a cap of webhooks per company, a throttle of test deliveries, upper-case schemes. */

let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  // A long test interval, so the second test within it is refused however slow the machine is.
  t = await buildTestApp({
    WEBHOOKS_PER_COMPANY: '3',
    WEBHOOK_TEST_INTERVAL_SECONDS: '600',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function ownerToken(): Promise<string> {
  const company = await buildCompany(t.app.db);
  return (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
}

const create = (token: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/notifications/v1/webhooks',
    headers: bearer(token),
    payload: body,
  });
const sendTest = (token: string, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/notifications/v1/webhooks/${id}/test`, headers: bearer(token) });

describe('webhooks per company', () => {
  it('creates at most WEBHOOKS_PER_COMPANY, however many arrive at once, and says why', async () => {
    const token = await ownerToken();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(token, { name: `Hook ${i}`, url: `https://tools.example.com/hook/${i}` }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(
        'A company can have at most 3 webhooks. Delete one before adding another.',
      );
    }
    // Another company has its own three.
    expect(
      (await create(await ownerToken(), { name: 'Other', url: 'https://tools.example.com/o' })).statusCode,
    ).toBe(201);
    // Deleting one makes room for one.
    const first = answers.find((res) => res.statusCode === 201)?.json() as WebhookWithSecret;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/v1/webhooks/${first.id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await create(token, { name: 'Again', url: 'https://tools.example.com/again' })).statusCode).toBe(
      201,
    );
    expect((await create(token, { name: 'Too many', url: 'https://tools.example.com/x' })).statusCode).toBe(
      409,
    );
  });
});

describe('test deliveries', () => {
  it('sends one test per webhook in the interval; the others answer 429 with how long to wait', async () => {
    const token = await ownerToken();
    const hook = (await create(token, { name: 'Receiver', url: receiver.url('/throttled') })).json();
    const other = (await create(token, { name: 'Receiver two', url: receiver.url('/other') })).json();
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendTest(token, hook.id)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    const refused = answers.find((res) => res.statusCode === 429)?.json();
    expect(refused.detail).toMatch(
      /^This webhook was tested moments ago\. Please wait \d+ seconds before testing it again\.$/,
    );
    const seconds = Number(/wait (\d+) seconds/.exec(refused.detail)?.[1]);
    expect(seconds).toBeGreaterThan(500);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(receiver.received).toHaveLength(1);
    // Another webhook of the same company is tested on its own clock.
    expect((await sendTest(token, other.id)).statusCode).toBe(200);
  });
});

describe('webhook URLs', () => {
  it.each(['HTTP://tickets.example.com/Hooks', 'Https://tickets.example.com/Hooks'])(
    'takes %s as the same URL with a lower-case scheme, on create and on change',
    async (url) => {
      const token = await ownerToken();
      const created = await create(token, { name: 'Upper', url });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().url).toBe(url.replace(/^https?/i, (s) => s.toLowerCase()));
      const changed = await t.app.inject({
        method: 'PATCH',
        url: `/api/notifications/v1/webhooks/${created.json().id}`,
        headers: bearer(token),
        payload: { url: 'HTTPS://other.example.com/x' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().url).toBe('https://other.example.com/x');
    },
  );
});
