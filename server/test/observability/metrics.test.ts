import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/infrastructure/config/config.ts';
import { startPgBoss } from '../../src/infrastructure/jobs/job-queue.ts';
import { buildCompany } from '../helpers/factories.ts';
import { buildCustomer, buildDevice, buildSite, companyToken } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually, ingest, ingestKey, report } from '../ingest/ingest-helpers.ts';
import { type Receiver, startReceiver } from '../notifications/webhook-receiver.ts';
import { sample, scrape } from './scrape.ts';

/**
 * Issue 26 item 1: each metric moves by exactly what was done through the API, read the way Prometheus
 * reads it (a scrape of the separate listener); the public port never answers /metrics.
 */

const webDist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');

let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  t = await buildTestApp(
    {
      METRICS_PORT: '0',
      JOBS: 'true',
      INCIDENT_DEBOUNCE_SECONDS: '1',
      NOTIFY_BUNDLE_SECONDS: '0',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_SECONDS: '30',
    },
    { listen: true, webDist },
  );
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const scrapeApp = () => scrape(t.app.metricsUrl());

describe('metrics', { timeout: 120_000 }, () => {
  it('are served on the metrics listener, in the Prometheus text format, and never on the public port', async () => {
    expect(t.app.metricsUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${t.app.metricsUrl()}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    // The default process metrics.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);

    expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${t.url}/metrics?x=1`)).status).toBe(404);
    // The listener serves nothing else.
    expect((await fetch(`${t.app.metricsUrl()}/api/reseller/v1/me`)).status).toBe(404);
  });

  it('count each request by route template, method and status', async () => {
    const before = await scrapeApp();
    const labels = { route: '/healthz', method: 'GET', status_code: '200' };
    for (let i = 0; i < 3; i++) expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    const company = await buildCompany(t.app.db);
    const token = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
    // A dealer may not look at partners: 403, whatever the id.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/reseller/v1/partners/company-that-is-not-there',
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(403);
    const count = 'http_request_duration_seconds_count';
    // The template, not the URL: one series for every company id.
    const template = { route: '/api/reseller/v1/partners/:companyId', status_code: '403' };
    // Recorded when the response has gone out (onResponse), which may be a moment after the client has it.
    const after = await eventually(async () => {
      const text = await scrapeApp();
      return (
        sample(text, count, labels) - sample(before, count, labels) >= 3 &&
        sample(text, count, template) - sample(before, count, template) >= 1 &&
        text
      );
    });
    expect(sample(after, count, labels) - sample(before, count, labels)).toBe(3);
    expect(sample(after, count, template) - sample(before, count, template)).toBe(1);
    expect(after).not.toContain('company-that-is-not-there');
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      sample(after, count, labels),
    );
  });

  it('count ingest results, the incidents they open and resolve, and the webhook and mail that follow', async () => {
    const company = await buildCompany(t.app.db);
    const site = await buildSite(t.app.db, await buildCustomer(t.app.db, company));
    const camera = await buildDevice(t.app.db, site, { name: 'Door cam' });
    const token = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/v1/webhooks',
      headers: bearer(token),
      payload: { name: 'Metrics hook', url: receiver.url() },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const key = await ingestKey(t.app);
    const before = await scrapeApp();

    const failing = report(camera.id, { status: { recordFailed: true } });
    const first = await ingest(t.app, key, [
      failing,
      report('no-such-device', { connected: true }),
      report(camera.id, { connected: true }),
    ]);
    expect(first.json()).toMatchObject({ accepted: 2, duplicates: 0 });
    const again = await ingest(t.app, key, [failing]);
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 1 });

    // The recording failure opened one CAMERA incident in the request; its webhook and its mail follow on the queue.
    await eventually(async () => receiver.received.length >= 1);
    const opened = await eventually(async () => {
      const text = await scrapeApp();
      const sent = (s: string) =>
        sample(s, 'portal_mails_total', { outcome: 'sent', template: 'incident-bundle' });
      return sent(text) > sent(before) && text;
    }, 30_000);
    const diff = (name: string, labels: Record<string, string>) =>
      sample(opened, name, labels) - sample(before, name, labels);
    expect(diff('portal_ingest_reports_total', { result: 'accepted' })).toBe(2);
    expect(diff('portal_ingest_reports_total', { result: 'duplicate' })).toBe(1);
    expect(diff('portal_ingest_reports_total', { result: 'rejected' })).toBe(1);
    expect(diff('portal_incidents_opened_total', { category: 'CAMERA' })).toBe(1);
    expect(diff('portal_incidents_resolved_total', { category: 'CAMERA' })).toBe(0);
    expect(diff('portal_webhook_deliveries_total', { outcome: 'delivered' })).toBe(1);
    expect(diff('portal_webhook_delivery_duration_seconds_count', { outcome: 'delivered' })).toBe(1);
    expect(diff('portal_webhook_deliveries_total', { outcome: 'failed' })).toBe(0);
    expect(diff('portal_mails_total', { outcome: 'sent', template: 'incident-bundle' })).toBe(1);

    // Fixed: resolved, and a receiver that answers 500 is a rejected delivery.
    receiver.respond = (_req, res) => {
      res.statusCode = 500;
      res.end();
    };
    await ingest(t.app, key, [report(camera.id, { status: { recordFailed: false } })]);
    const resolved = await eventually(async () => {
      const text = await scrapeApp();
      return (
        sample(text, 'portal_webhook_deliveries_total', { outcome: 'rejected' }) >
          sample(before, 'portal_webhook_deliveries_total', { outcome: 'rejected' }) && text
      );
    }, 30_000);
    expect(
      sample(resolved, 'portal_incidents_resolved_total', { category: 'CAMERA' }) -
        sample(before, 'portal_incidents_resolved_total', { category: 'CAMERA' }),
    ).toBe(1);
  });

  it("count an incident mail put off by the recipient's quiet hours as deferred", async () => {
    const company = await buildCompany(t.app.db);
    const site = await buildSite(t.app.db, await buildCustomer(t.app.db, company));
    const camera = await buildDevice(t.app.db, site);
    const token = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
    // Quiet from an hour ago to three hours from now (UTC, the company's zone), whatever the minute.
    const hh = (offset: number) => String((new Date().getUTCHours() + offset + 24) % 24).padStart(2, '0');
    const quiet = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/v1/subscription',
      headers: bearer(token),
      payload: { delivery: 'immediate', quietHours: { from: `${hh(-1)}:00`, to: `${hh(3)}:00` } },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    const deferred = (text: string) =>
      sample(text, 'portal_mails_total', { outcome: 'deferred', template: 'incident-bundle' });
    const before = await scrapeApp();
    await ingest(t.app, await ingestKey(t.app), [report(camera.id, { status: { recordFailed: true } })]);
    const after = await eventually(async () => {
      const text = await scrapeApp();
      return deferred(text) > deferred(before) && text;
    }, 30_000);
    expect(deferred(after) - deferred(before)).toBe(1);
  });

  it('count a mail that SMTP refuses as failed', async () => {
    const closedPort = await freePort();
    const other = await buildTestApp({
      METRICS_PORT: '0',
      JOBS: 'true',
      NOTIFY_BUNDLE_SECONDS: '0',
      SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
    });
    try {
      const company = await buildCompany(other.app.db);
      const site = await buildSite(other.app.db, await buildCustomer(other.app.db, company));
      const camera = await buildDevice(other.app.db, site);
      const key = await ingestKey(other.app);
      await ingest(other.app, key, [report(camera.id, { status: { recordFailed: true } })]);
      const text = await eventually(async () => {
        const scraped = await scrape(other.app.metricsUrl());
        return (
          sample(scraped, 'portal_mails_total', { outcome: 'failed', template: 'incident-bundle' }) >= 1 &&
          scraped
        );
      }, 30_000);
      expect(sample(text, 'portal_mails_total', { outcome: 'sent', template: 'incident-bundle' })).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('gauge the open event streams', async () => {
    const company = await buildCompany(t.app.db);
    const token = await companyToken(t.app, company);
    const before = sample(await scrapeApp(), 'portal_event_streams_open');
    const controllers = [new AbortController(), new AbortController()];
    for (const controller of controllers) {
      const response = await fetch(`${t.url}/api/user-portal/companies/events`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
    }
    expect(sample(await scrapeApp(), 'portal_event_streams_open')).toBe(before + 2);
    for (const controller of controllers) controller.abort();
    await eventually(async () => sample(await scrapeApp(), 'portal_event_streams_open') === before);
  });

  it('gauge each job queue: waiting, deferred, and the age of the oldest waiting job', async () => {
    const boss: PgBoss = await startPgBoss(t.database, t.app.log);
    try {
      const queue = `metrics-test-${Date.now()}`;
      await boss.createQueue(queue);
      // Nobody works this queue: two jobs due (one for an hour), one not before tomorrow.
      await boss.send(queue, {}, { startAfter: new Date(Date.now() - 3600_000) });
      await boss.send(queue, {});
      await boss.send(queue, {}, { startAfter: new Date(Date.now() + 86_400_000) });
      const text = await scrapeApp();
      expect(sample(text, 'portal_job_queue_waiting', { queue })).toBe(2);
      expect(sample(text, 'portal_job_queue_deferred', { queue })).toBe(1);
      expect(sample(text, 'portal_job_queue_active', { queue })).toBe(0);
      const age = sample(text, 'portal_job_queue_oldest_waiting_seconds', { queue });
      expect(age).toBeGreaterThanOrEqual(3600);
      expect(age).toBeLessThan(3600 + 600);
      // The portal's own queues are listed too.
      expect(text).toMatch(/^portal_job_queue_waiting\{queue="webhooks\.deliver"\} \d+$/m);
    } finally {
      await boss.stop({ graceful: false });
    }
  });

  it('gauge the database pool: a connection held is in use', async () => {
    const size = sample(await scrapeApp(), 'portal_db_pool_size');
    // PGlite is one connection; the tests' PostgreSQL pools are small.
    if (t.database.kind === 'pglite') expect(size).toBe(1);
    else expect(size).toBeGreaterThan(1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding!: () => void;
    const inTransaction = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const transaction = t.app.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      holding();
      await held;
    });
    await inTransaction;
    // On PGlite (one connection) the scrape's queue reading waits for the transaction: it is read while held.
    const scraping = scrapeApp();
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await transaction;
    const whileHeld = await scraping;
    expect(sample(whileHeld, 'portal_db_pool_in_use')).toBeGreaterThanOrEqual(1);
    expect(sample(await scrapeApp(), 'portal_db_pool_in_use')).toBe(0);
    expect(sample(await scrapeApp(), 'portal_db_pool_waiting')).toBe(0);
  });
});

describe('metrics settings', () => {
  it('refuse METRICS_PORT equal to PORT, and a port that is no port', () => {
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT: must differ from PORT: metrics are never served on the public port/,
    );
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '127.0.0.1',
    });
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
  });
});

describe('metrics off', () => {
  it('without METRICS_PORT there is no listener and /metrics is 404', async () => {
    const off = await buildTestApp({}, { webDist });
    try {
      expect(off.app.metricsUrl()).toBeUndefined();
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
