/**
 * Webhook deliveries in an incident storm (issue 15 item 9):
 * `npx tsx bench/webhooks.ts [--incidents 10000] [--customers 1000] [--seconds 10] [--receiver-ms 0]`.
 *
 * On a copy of the large demo data on PostgreSQL (BENCH_DATABASE_URL; a cached `bench_cache_large_<key>`
 * database and a `bench_run_webhooks` copy, dropped after), picks --customers customers of the dealers with
 * the most customers, gives each of those dealers one webhook (all events) to a local receiver (node:http in
 * this process, answering 204 after --receiver-ms), starts the real server in its own process (demo mode,
 * JOBS=true, WEBHOOK_ALLOW_PRIVATE=true), then opens --incidents incidents (10 devices of each customer) the
 * way the engine does (an incident row and its `opened` timeline row per statement, batches of 500) spread
 * over --seconds. The receiver checks nothing but counts; latency = arrival − the incident's timeline time
 * (payload `timestamp`, the inserting transaction's now()). Prints deliveries/s (mean from the first to the
 * last arrival, and the slowest second while the storm lasted), p50/p99/max latency, duplicates, and the
 * server's CPU per delivery. PostgreSQL only: the bench writes incidents while the server runs, which an
 * embedded PGlite (one process) does not allow.
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { type Caller, createWebhook } from '@portal/server/testkit';
import { sql } from 'kysely';
import { loadAverage, percentile } from './support/load.ts';
import { startPortal } from './support/portal-process.ts';
import { postgresCopy } from './support/seeded-cache.ts';

const { values } = parseArgs({
  options: {
    incidents: { type: 'string', default: '10000' },
    customers: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    'receiver-ms': { type: 'string', default: '0' },
  },
});
const INCIDENTS = Number(values.incidents);
const CUSTOMERS = Number(values.customers);
const SPREAD_SECONDS = Number(values.seconds);
const RECEIVER_MS = Number(values['receiver-ms']);
const PORT = 8217;
const BATCH = 500;

const log = (line: string) => console.info(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const format = (n: number) => Math.round(n).toLocaleString('en');

interface Arrival {
  id: string;
  at: number;
  latencyMs: number;
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('BENCH_DATABASE_URL=postgres://… is needed (see the header)');

  const arrivals: Arrival[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
      arrivals.push({
        id: String(req.headers['webhook-id']),
        at,
        latencyMs: at - new Date(body.timestamp).getTime(),
      });
      const answer = () => {
        res.statusCode = 204;
        res.end();
      };
      if (RECEIVER_MS > 0) setTimeout(answer, RECEIVER_MS);
      else answer();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://localhost:${(receiver.address() as AddressInfo).port}/hook`;

  const copy = await postgresCopy(serverUrl, 'large', 'webhooks', log);
  try {
    const database = await copy.open();
    let devices: { id: string; company_id: string; organization_id: string; site_id: string }[];
    let webhooks = 0;
    try {
      const db = database.db;
      // The customers of the dealers with the most customers, and 10 devices of each without an open
      // incident of the condition the storm opens.
      const customers = await sql<{ id: string; company_id: string }>`
        select o.id, o.company_id from organizations o
        join (select company_id, count(*) as n from organizations group by company_id) c on c.company_id = o.company_id
        where exists (select 1 from devices d where d.organization_id = o.id and d.device_category = 'CAMERA')
        order by c.n desc, o.company_id, o.id limit ${CUSTOMERS}`.execute(db);
      const per = Math.ceil(INCIDENTS / customers.rows.length);
      const picked = await sql<{ id: string; company_id: string; organization_id: string; site_id: string }>`
        select d.id, d.company_id, d.organization_id, d.site_id from unnest(${customers.rows.map((c) => c.id)}::uuid[]) as c(id)
        cross join lateral (
          select d.id, d.company_id, d.organization_id, d.site_id from devices d
          where d.organization_id = c.id and d.device_category = 'CAMERA' and not exists (
            select 1 from incidents i where i.device_id = d.id and i.alert_type = 'RECORDING_FAILED'
              and i.resolved_at is null)
          order by d.id limit ${per}) d`.execute(db);
      devices = picked.rows.slice(0, INCIDENTS);
      const companies = [...new Set(customers.rows.map((c) => c.company_id))];
      for (const companyId of companies) {
        const owner = await db
          .selectFrom('companies')
          .select('owner_user_id')
          .where('id', '=', companyId)
          .executeTakeFirstOrThrow();
        await createWebhook(
          db,
          { userId: owner.owner_user_id, companyId } as Caller,
          { name: 'Bench receiver', url: receiverUrl },
          { maxPerCompany: 25 },
        );
        webhooks += 1;
      }
      log(
        `${customers.rows.length} customers of ${companies.length} dealers (one webhook each), ${devices.length} devices`,
      );
    } finally {
      await database.close();
    }

    const portal = await startPortal({
      port: PORT,
      database: copy,
      env: {
        DEMO_SIZE: 'large',
        JOBS: 'true',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        LOG_LEVEL: 'warn',
      },
      startTimeoutMs: 600_000,
    });
    const writer = await copy.open();
    try {
      await sleep(2000);
      const cpuBefore = portal.cpuSeconds();
      const loadBefore = loadAverage();
      const started = Date.now();
      const batches = Math.ceil(devices.length / BATCH);
      log(`storm: ${devices.length} incidents in ${batches} statements over ${SPREAD_SECONDS} s`);
      for (let b = 0; b < batches; b++) {
        const slice = devices.slice(b * BATCH, (b + 1) * BATCH);
        await sql`with opened as (
            insert into incidents (company_id, organization_id, site_id, device_id, category, alert_type, started_at)
            select d.company_id, d.organization_id, d.site_id, d.id, 'CAMERA', 'RECORDING_FAILED', now()
            from jsonb_to_recordset(${JSON.stringify(slice)}::jsonb)
              as d(id text, company_id uuid, organization_id uuid, site_id uuid)
            returning id, started_at)
          insert into incident_events (incident_id, at, kind) select id, started_at, 'opened' from opened`.execute(
          writer.db,
        );
        const due = started + ((b + 1) * SPREAD_SECONDS * 1000) / batches;
        if (Date.now() < due) await sleep(due - Date.now());
      }
      const stormEnded = Date.now();
      const deadline = Date.now() + 120_000;
      while (new Set(arrivals.map((a) => a.id)).size < devices.length && Date.now() < deadline)
        await sleep(100);
      const cpu = portal.cpuSeconds() - cpuBefore;
      const distinct = new Set(arrivals.map((a) => a.id)).size;
      const first = Math.min(...arrivals.map((a) => a.at));
      const last = Math.max(...arrivals.map((a) => a.at));
      const perSecond = new Map<number, number>();
      for (const a of arrivals) {
        const second = Math.floor((a.at - started) / 1000);
        perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      }
      const stormSeconds = [...perSecond.entries()]
        .filter(([second]) => second >= 1 && second < Math.floor((stormEnded - started) / 1000))
        .map(([, n]) => n);
      const latencies = arrivals.map((a) => a.latencyMs);
      console.info('');
      console.info(`webhooks storm on PostgreSQL (${webhooks} webhooks, receiver ${RECEIVER_MS} ms):`);
      console.info(
        `  delivered          ${format(distinct)} of ${format(devices.length)} (${arrivals.length - distinct} duplicates)`,
      );
      console.info(
        `  deliveries/s       ${format(distinct / ((last - first) / 1000))} mean (first to last arrival, ${((last - first) / 1000).toFixed(1)} s); incidents written at ${format(devices.length / ((stormEnded - started) / 1000))}/s`,
      );
      if (stormSeconds.length > 0)
        console.info(
          `  per second (storm) min ${format(Math.min(...stormSeconds))}, max ${format(Math.max(...stormSeconds))}`,
        );
      console.info(
        `  incident→delivered p50 ${format(percentile(latencies, 50))} ms, p99 ${format(percentile(latencies, 99))} ms, max ${format(Math.max(...latencies))} ms`,
      );
      console.info(`  server CPU         ${format((cpu * 1e6) / Math.max(distinct, 1))} µs per delivery`);
      console.info(`  load average       ${loadBefore} before, ${loadAverage()} after`);
      if (distinct < devices.length) process.exitCode = 1;
    } finally {
      await writer.close();
      await portal.stop();
    }
  } finally {
    receiver.close();
    await copy.dispose();
  }
}

await main();
