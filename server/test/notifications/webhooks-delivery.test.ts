import type { WebhookDelivery, WebhookWithSecret } from '@portal/contracts/notifications';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import { type BuiltSite, buildCustomer, buildDevice, buildSite } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { ingest, ingestKey, report } from '../ingest/ingest-helpers.ts';
import { type Receiver, startReceiver, waitFor } from './webhook-receiver.ts';

/**
 * Deliveries end to end (issue 15 items 5–7): an incident opened through the real ingest API reaches a real
 * HTTP receiver, signed per Standard Webhooks; filters, templates, recovery, the test button, the log,
 * retries with the same webhook-id, rotation, and disabling after 20 failures with the owner mailed.
 */

let t: TestApp;
let key: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    JOBS: 'true',
    INCIDENT_DEBOUNCE_SECONDS: '1',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_BASE_SECONDS: '0.1',
    // No test here waits for a timeout; a receiver on a loaded machine may take seconds to answer.
    WEBHOOK_TIMEOUT_SECONDS: '30',
    // One test sends twice to one webhook (a 204, then a 500); the throttle has tests of its own.
    WEBHOOK_TEST_INTERVAL_SECONDS: '0',
  });
  key = await ingestKey(t.app);
});
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  await t.close();
});
afterEach(() => undefined);

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

interface Dealer {
  company: BuiltCompany;
  token: string;
  site: BuiltSite;
  customerName: string;
}

async function dealer(): Promise<Dealer> {
  const company = await buildCompany(t.app.db);
  const customerName = `Customer of ${company.name}`;
  const site = await buildSite(t.app.db, await buildCustomer(t.app.db, company, { name: customerName }), {
    name: 'Main site',
  });
  const token = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
  return { company, token, site, customerName };
}

async function createHook(d: Dealer, body: object): Promise<WebhookWithSecret> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/notifications/v1/webhooks',
    headers: bearer(d.token),
    payload: { name: 'Hook', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function deliveries(d: Dealer, id: string): Promise<WebhookDelivery[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/notifications/v1/webhooks/${id}/deliveries`,
    headers: bearer(d.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

const headersOf = (r: Receiver['received'][number]) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

/** A camera that went offline a minute ago: past the debounce, so its incident opens at once. */
async function cameraOffline(d: Dealer, name = 'Door cam') {
  const camera = await buildDevice(t.app.db, d.site, { name });
  const res = await ingest(t.app, key, [report(camera.id, { connected: false }, 60)]);
  expect(res.statusCode, res.body).toBe(202);
  return camera;
}

describe('webhook deliveries', () => {
  it('delivers an incident opened through ingest, signed, then its recovery; both in the log', async () => {
    const d = await dealer();
    const r = await receiver();
    const hook = await createHook(d, { url: r.url() });
    const camera = await cameraOffline(d);
    const opened = await waitFor(() => r.received[0]);
    const verified = new StandardWebhook(hook.secret).verify(opened.body, headersOf(opened)) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(opened.headers['content-type']).toBe('application/json');
    expect(opened.headers['user-agent']).toMatch(/PartnerPortal-Webhooks/);
    expect(opened.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(verified).toMatchObject({
      type: 'incident.opened',
      timestamp: expect.any(String),
      data: {
        incident: {
          id: expect.any(String),
          category: 'CAMERA',
          type: 'OFFLINE',
          startedAt: expect.any(String),
          resolvedAt: null,
          affectedDevices: 0,
          url: expect.stringMatching(/\/incidents\?incident=\d+$/),
        },
        customer: { id: d.site.organizationId, name: d.customerName },
        site: { id: d.site.id, name: 'Main site' },
        device: { id: camera.id, name: 'Door cam', type: 'CAMERA' },
      },
    });

    await ingest(t.app, key, [report(camera.id, { connected: true })]);
    const resolved = await waitFor(() => r.received[1]);
    const body = new StandardWebhook(hook.secret).verify(resolved.body, headersOf(resolved)) as {
      type: string;
      data: { incident: { resolvedAt: string | null; id: string } };
    };
    expect(body.type).toBe('incident.resolved');
    expect(body.data.incident.resolvedAt).toEqual(expect.any(String));
    expect(resolved.headers['webhook-id']).not.toBe(opened.headers['webhook-id']);

    const log = await waitFor(async () => {
      const items = await deliveries(d, hook.id);
      return items.length === 2 && items;
    });
    expect(log.map((item) => [item.event, item.attempt, item.responseStatus, item.error])).toEqual([
      ['incident.resolved', 1, 204, undefined],
      ['incident.opened', 1, 204, undefined],
    ]);
    expect(log[1]?.messageId).toBe(opened.headers['webhook-id']);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/v1/webhooks/${hook.id}`,
      headers: bearer(d.token),
    });
    expect(listed.json().lastDelivery).toMatchObject({ responseStatus: 204, ok: true });
  });

  it('respects the events filter and renders the template', async () => {
    const d = await dealer();
    const servers = await receiver();
    const cameras = await receiver();
    await createHook(d, { url: servers.url(), events: ['SERVER'] });
    await createHook(d, {
      url: cameras.url(),
      events: ['CAMERA.OFFLINE'],
      template:
        '{"text": "{{device.name}} at {{customer.name}}: {{type}}", "incident": {{incident.id}}, "site": {{site}}, "missing": {{nothing.here}}}',
    });
    const camera = await cameraOffline(d, 'Lobby "cam"');
    const got = await waitFor(() => cameras.received[0]);
    const body = JSON.parse(got.body);
    expect(body).toEqual({
      text: `Lobby "cam" at ${d.customerName}: incident.opened`,
      incident: expect.stringMatching(/^\d+$/),
      site: { id: d.site.id, name: 'Main site' },
      missing: null,
    });
    expect(camera.id).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(servers.received).toEqual([]);
  });

  it('sends a test delivery now and logs it', async () => {
    const d = await dealer();
    const r = await receiver();
    const hook = await createHook(d, { url: r.url('/test-here') });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/v1/webhooks/${hook.id}/test`,
      headers: bearer(d.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ event: 'webhook.test', attempt: 1, responseStatus: 204 });
    expect(r.received).toHaveLength(1);
    const body = new StandardWebhook(hook.secret).verify(
      r.received[0]?.body ?? '',
      headersOf(r.received[0] as never),
    );
    expect(body).toMatchObject({ type: 'webhook.test' });
    expect(await deliveries(d, hook.id)).toEqual([res.json()]);

    // A receiver answering 500: the test answers the failed attempt (no retry).
    r.respond = (_req, response) => {
      response.statusCode = 500;
      response.end('boom');
    };
    const failed = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/v1/webhooks/${hook.id}/test`,
      headers: bearer(d.token),
    });
    expect(failed.json()).toMatchObject({ responseStatus: 500, error: 'HTTP 500' });
  });

  it('retries with the same webhook-id and a doubling backoff until the receiver answers 2xx', async () => {
    const d = await dealer();
    const r = await receiver();
    let calls = 0;
    r.respond = (_req, res) => {
      calls += 1;
      res.statusCode = calls <= 3 ? 500 : 200;
      res.end();
    };
    const hook = await createHook(d, { url: r.url() });
    await cameraOffline(d);
    await waitFor(() => r.received.length >= 4);
    const ids = new Set(r.received.map((x) => x.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const gaps = r.received.slice(1).map((x, i) => x.at - (r.received[i]?.at ?? 0));
    // Base 0.1 s, doubling: 0.1, 0.2, 0.4 (plus polling).
    expect(gaps[0]).toBeGreaterThanOrEqual(90);
    expect(gaps[1]).toBeGreaterThanOrEqual(190);
    expect(gaps[2]).toBeGreaterThanOrEqual(390);
    for (const x of r.received) new StandardWebhook(hook.secret).verify(x.body, headersOf(x));
    const log = await waitFor(async () => {
      const items = await deliveries(d, hook.id);
      return items.length === 4 && items;
    });
    expect(log.map((item) => [item.attempt, item.responseStatus])).toEqual([
      [4, 200],
      [3, 500],
      [2, 500],
      [1, 500],
    ]);
    const row = await t.app.db
      .selectFrom('webhooks')
      .select('consecutive_failures')
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(row.consecutive_failures).toBe(0);
  });

  it('signs with the new and the previous secret during the rotation grace period', async () => {
    const d = await dealer();
    const r = await receiver();
    const hook = await createHook(d, { url: r.url() });
    const rotated = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/v1/webhooks/${hook.id}`,
      headers: bearer(d.token),
      payload: { rotateSecret: true },
    });
    const { secret } = rotated.json();
    await cameraOffline(d);
    const got = await waitFor(() => r.received[0]);
    const signatures = String(got.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    new StandardWebhook(secret).verify(got.body, headersOf(got));
    new StandardWebhook(hook.secret).verify(got.body, headersOf(got));
  });

  it('disables a webhook after 20 consecutive failures, audits it and mails the owner', async () => {
    const d = await dealer();
    const r = await receiver();
    r.respond = (_req, res) => {
      res.statusCode = 503;
      res.end();
    };
    const hook = await createHook(d, { url: r.url() });
    for (let i = 0; i < 10; i++) await cameraOffline(d, `Cam ${i}`);
    const row = await waitFor(async () => {
      const w = await t.app.db
        .selectFrom('webhooks')
        .selectAll()
        .where('id', '=', hook.id)
        .executeTakeFirstOrThrow();
      return !w.enabled && w;
    }, 20_000);
    expect(row.disabled_reason).toBe('Disabled after 20 consecutive failed deliveries.');
    expect(row.consecutive_failures).toBe(20);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('target_id', '=', hook.id)
      .where('action', '=', 'webhook.disable')
      .execute();
    expect(audit).toEqual([{ action: 'webhook.disable', actor_user_id: null }]);
    const mail = await waitFor(() =>
      t.app.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', d.company.owner.email)
        .where('template', '=', 'webhook-disabled')
        .executeTakeFirst(),
    );
    expect(mail.subject).toContain('Hook');
    expect(mail.text_body).toContain(r.url());
    // Nothing more is attempted (beyond what was in flight when it was disabled): once every request the
    // receiver got is logged (nothing in flight, however long that took), none follows.
    const logged = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('webhook_attempts')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('webhook_id', '=', hook.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await waitFor(async () => (await logged()) === r.received.length, 20_000);
    const count = r.received.length;
    expect(count).toBeGreaterThanOrEqual(20);
    await cameraOffline(d, 'After');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(r.received.length).toBe(count);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/v1/webhooks/${hook.id}`,
      headers: bearer(d.token),
    });
    expect(listed.json()).toMatchObject({ enabled: false, consecutiveFailures: 20 });

    // Enabled again by the owner: the counter starts over.
    const enabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/v1/webhooks/${hook.id}`,
      headers: bearer(d.token),
      payload: { enabled: true },
    });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
  });

  it('a webhook deleted while its attempts are in flight costs the others nothing', async () => {
    const d = await dealer();
    const slow = await receiver();
    const other = await receiver();
    slow.respond = (_req, res) => {
      setTimeout(() => {
        res.statusCode = 204;
        res.end();
      }, 300);
    };
    const doomed = await createHook(d, { url: slow.url() });
    const kept = await createHook(d, { url: other.url() });
    for (let i = 0; i < 5; i++) await cameraOffline(d, `Cam ${i}`);
    await waitFor(() => slow.received.length > 0);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/v1/webhooks/${doomed.id}`,
      headers: bearer(d.token),
    });
    expect(deleted.statusCode).toBe(204);
    await waitFor(async () => (await deliveries(d, kept.id)).length >= 5);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(new Set(other.received.map((r) => r.headers['webhook-id'])).size).toBe(5);
    expect(other.received).toHaveLength(5);
  });
});
