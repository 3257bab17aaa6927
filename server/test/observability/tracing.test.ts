import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createIngestKey } from '../../src/domain/ingest/ingest-keys.ts';
import type { Caller } from '../../src/domain/members/caller.ts';
import { createWebhook } from '../../src/domain/notifications/webhooks/repository.ts';
import { openDatabase } from '../../src/infrastructure/db/database.ts';
import { migrateToLatest } from '../../src/infrastructure/db/migrate.ts';
import { type ServerProcess, startServer } from '../faults/server-process.ts';
import { buildCompany } from '../helpers/factories.ts';
import { buildCustomer, buildDevice, buildSite } from '../helpers/platform-factories.ts';
import { createPostgresDatabase } from '../helpers/test-database.ts';
import { eventually } from '../ingest/ingest-helpers.ts';
import { type Receiver, startReceiver } from '../notifications/webhook-receiver.ts';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './otlp-receiver.ts';

/**
 * Issue 26 item 2: a real server process (started as `npm start` starts it: the tracing preload first)
 * exports its traces to a small OTLP/HTTP collector. A request's trace carries its database spans (the pg
 * instrumentation on PostgreSQL, the PGlite dialect's own spans on PGlite), and an ingest batch that opens
 * an incident is one trace with the webhook delivery the job queue makes of it.
 */

const onPostgres = process.env.TEST_DB === 'postgres';
const SERVER = 2;

let collector: OtlpReceiver;
let hookReceiver: Receiver;
let server: ServerProcess;
let ingestKey: string;
let cameraId: string;
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  collector = await startOtlpReceiver();
  hookReceiver = await startReceiver();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-tracing-'));
  let target: Record<string, string>;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  if (onPostgres) {
    const created = await createPostgresDatabase('portal_tracing', inject('postgresTemplate'));
    database = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 2 });
    target = { DATABASE_URL: created.url, DATA_DIR: dir };
    cleanup = async () => {
      await created.drop();
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const dataDir = path.join(dir, 'data');
    database = await openDatabase({ kind: 'pglite', dataDir });
    target = { DATA_DIR: dataDir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  await migrateToLatest(database.db);
  // A company (so demo mode seeds nothing), a camera, an ingest key and a webhook to a real receiver.
  const company = await buildCompany(database.db);
  const site = await buildSite(database.db, await buildCustomer(database.db, company));
  cameraId = (await buildDevice(database.db, site)).id;
  ingestKey = (await createIngestKey(database.db, 'VORTEX', 'tracing test')).key;
  await createWebhook(
    database.db,
    { userId: company.owner.id, companyId: company.id } as Caller,
    { name: 'Traced hook', url: hookReceiver.url() },
    { maxPerCompany: 25 },
  );
  await database.close();

  server = await startServer({
    ...target,
    // Demo: loopback webhooks are allowed (the receiver); nothing is seeded into a database with a company.
    MODE: 'demo',
    JOBS: 'true',
    WARM_UP: 'false',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    NOTIFY_BUNDLE_SECONDS: '0',
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'portal-under-test',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await hookReceiver?.close();
  await collector?.close();
  await cleanup();
});

const isDatabaseSpan = (span: ReceivedSpan) =>
  span.attributes['db.system'] === 'postgresql' || span.attributes['db.system.name'] === 'postgresql';

/** The server span of the one request made to `route` (polls until the exporter has sent it). */
async function requestSpan(method: string, route: string): Promise<ReceivedSpan> {
  return eventually(
    async () =>
      collector.spans.find(
        (span) =>
          span.kind === SERVER &&
          span.name === `${method} ${route}` &&
          span.attributes['http.route'] === route,
      ),
    30_000,
  );
}

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT set)', { timeout: 120_000 }, () => {
  it("export a request's trace with its database spans", async () => {
    const response = await fetch(`${server.url}/api/ingest/v1/devices`, {
      headers: { authorization: `Bearer ${ingestKey}` },
    });
    expect(response.status).toBe(200);
    const root = await requestSpan('GET', '/api/ingest/v1/devices');
    expect(root.service).toBe('portal-under-test');
    expect(root.parentSpanId).toBeUndefined();
    const database = await eventually(async () => {
      const found = collector.spans.filter((span) => span.traceId === root.traceId && isDatabaseSpan(span));
      return found.length > 0 && found;
    }, 30_000);
    // The key's lookup and the device page, each a statement of its own.
    expect(
      database.some((span) =>
        /select/i.test(String(span.attributes['db.query.text'] ?? span.attributes['db.statement'])),
      ),
    ).toBe(true);
    // Fastify's own span of the route sits in the same trace.
    expect(
      collector.spans.some(
        (span) =>
          span.traceId === root.traceId &&
          span.attributes['http.route'] === '/api/ingest/v1/devices' &&
          span.kind !== SERVER,
      ),
    ).toBe(true);
  });

  it('follow an ingest batch across the job queue to the webhook delivery of the incident it opened', async () => {
    const response = await fetch(`${server.url}/api/ingest/v1/reports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        reports: [
          {
            id: `trace-${Date.now()}`,
            deviceId: cameraId,
            at: new Date().toISOString(),
            status: { recordFailed: true },
          },
        ],
      }),
    });
    expect(response.status).toBe(202);
    await eventually(async () => hookReceiver.received.length >= 1, 30_000);
    const root = await requestSpan('POST', '/api/ingest/v1/reports');
    // The delivery of this report's incident is in the request's trace. Other deliveries may come in traces
    // of their own (the incident engine's sweep can open an incident for the new camera meanwhile), so the
    // delivery is looked for in this trace, not taken as the first one exported.
    const delivery = await eventually(
      async () =>
        collector.spans.find((span) => span.name === 'webhook.deliver' && span.traceId === root.traceId),
      30_000,
    );
    expect(delivery.attributes).toMatchObject({
      'webhook.outcome': 'delivered',
      'http.response.status_code': 204,
    });
    // The fan-out that made the delivery job continues the request's trace and links it.
    const fanOut = collector.spans.find(
      (span) => span.name === 'webhooks.fan-out incidents' && span.traceId === root.traceId,
    );
    expect(fanOut?.links.map((link) => link.traceId)).toContain(root.traceId);
    // The incident mail's drain, from the same cause.
    await eventually(
      async () =>
        collector.spans.find((span) => span.name === 'mail.drain incidents' && span.traceId === root.traceId),
      30_000,
    );
  });
});
