import type { WebhookDelivery, WebhookWithSecret } from '@portal/contracts/notifications';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import { type BuiltSite, buildCustomer, buildSite, newDeviceId } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { type Receiver, startReceiver, waitFor } from '../notifications/webhook-receiver.ts';

/**
 * Issue 15 item 10: receivers that hang, answer 500, answer with 50 MB, or redirect to 127.0.0.1. The queue
 * stays healthy and a good webhook of the same company gets every delivery promptly.
 */

/**
 * Long enough that the good webhook's deliveries, which take well under a second, all arrive while every
 * attempt at the hanging receiver is still open, even on a loaded machine: had they waited for its slots,
 * they would come only after its timeouts.
 */
const TIMEOUT_SECONDS = 10;
const INCIDENTS = 40;
let t: TestApp;
let company: BuiltCompany;
let site: BuiltSite;
let token: string;
const receivers: Record<'hang' | 'error' | 'huge' | 'redirect' | 'target' | 'good', Receiver> = {} as never;
const hooks: Record<string, WebhookWithSecret> = {};

beforeAll(async () => {
  t = await buildTestApp({
    JOBS: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    WEBHOOK_RETRY_BASE_SECONDS: '0.5',
  });
  company = await buildCompany(t.app.db);
  site = await buildSite(t.app.db, await buildCustomer(t.app.db, company));
  token = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
  for (const name of ['hang', 'error', 'huge', 'redirect', 'target', 'good'] as const) {
    receivers[name] = await startReceiver();
  }
  receivers.hang.respond = () => {};
  receivers.error.respond = (_req, res) => {
    res.statusCode = 500;
    res.end('internal error');
  };
  const huge = Buffer.alloc(50 * 1024 * 1024, 'x');
  receivers.huge.respond = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': huge.length });
    res.end(huge);
  };
  const targetPort = new URL(receivers.target.url()).port;
  receivers.redirect.respond = (_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.1:${targetPort}/stolen` });
    res.end();
  };
  for (const name of ['hang', 'error', 'huge', 'redirect', 'good'] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/v1/webhooks',
      headers: bearer(token),
      payload: { name, url: receivers[name].url() },
    });
    expect(res.statusCode, res.body).toBe(201);
    hooks[name] = res.json();
  }
});
afterAll(async () => {
  // Receivers first: the hanging one's open attempts then end at once instead of holding the app's
  // shutdown for a timeout.
  for (const receiver of Object.values(receivers)) await receiver.close();
  await t.close();
});

async function openIncidents(count: number): Promise<number> {
  const ids = Array.from({ length: count }, () => newDeviceId());
  await sql`insert into devices (id, platform, company_id, organization_id, site_id, device_type, device_category, name)
    select d, 'first', ${company.id}::uuid, ${site.organizationId}::uuid, ${site.id}::uuid, 'CAMERA', 'CAMERA', 'Cam ' || d
    from unnest(${ids}::text[]) d`.execute(t.app.db);
  const at = Date.now();
  await sql`with opened as (
      insert into incidents (company_id, organization_id, site_id, device_id, category, alert_type, started_at)
      select ${company.id}::uuid, ${site.organizationId}::uuid, ${site.id}::uuid, d, 'CAMERA', 'OFFLINE', now()
      from unnest(${ids}::text[]) d returning id, started_at)
    insert into incident_events (incident_id, at, kind) select id, started_at, 'opened' from opened`.execute(
    t.app.db,
  );
  return at;
}

async function log(name: string): Promise<WebhookDelivery[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/notifications/v1/webhooks/${hooks[name]?.id}/deliveries`,
    headers: bearer(token),
  });
  return res.json().items;
}

describe('hostile webhook receivers', () => {
  it('do not delay a good webhook; each failure is logged for what it is', { timeout: 120_000 }, async () => {
    for (let round = 1; round <= 2; round++) {
      const before = receivers.good.received.length;
      await openIncidents(INCIDENTS);
      await waitFor(
        () => receivers.good.received.length - before >= INCIDENTS && receivers.hang.received.length > 0,
        30_000,
      );
      // Ordered, not timed: no attempt at the hanging receiver has ended (timed out) yet, so none of the
      // good one's deliveries waited for one.
      expect(await log('hang'), `round ${round}`).toEqual([]);
    }

    const hang = await waitFor(async () => {
      const items = await log('hang');
      return items.length > 0 && items;
    }, 60_000);
    expect(hang[0]).toMatchObject({ responseStatus: null, error: `Timed out after ${TIMEOUT_SECONDS} s.` });
    // Ended by the timeout, not by anything later (a loaded machine's slack: half a timeout).
    expect(hang[0]?.durationMs).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 50);
    expect(hang[0]?.durationMs).toBeLessThan(TIMEOUT_SECONDS * 1500);

    const errors = await log('error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((item) => item.responseStatus === 500 && item.error === 'HTTP 500')).toBe(true);

    const huge = await waitFor(async () => {
      const items = await log('huge');
      return items.length >= INCIDENTS && items;
    });
    // 2xx is success; only the first ~64 KB of the 50 MB is read, then the connection is dropped.
    expect(huge.every((item) => item.responseStatus === 200 && item.error === undefined)).toBe(true);

    const redirects = await log('redirect');
    expect(redirects.length).toBeGreaterThan(0);
    expect(redirects[0]).toMatchObject({ responseStatus: 302, error: 'Redirects are not followed.' });
    expect(receivers.target.received).toEqual([]);

    // The hanging receiver never has more than a handful of attempts open at once.
    expect(receivers.hang.received.length).toBeLessThanOrEqual(2 * 16 + 16);
  });
});
