/**
 * Issue 26 item 5 (decision 0028): two portal processes behind HAProxy (deploy/haproxy.cfg) on one
 * PostgreSQL, under mixed load, restarted one after the other:
 * `npx tsx bench/cluster.ts [--seconds 60] [--port 8705] [--pg-port 8709] [--drain-seconds 3]`.
 *
 * PostgreSQL: a fresh database on TEST_DATABASE_URL's server when set (CI; dropped at the end), else a
 * throwaway cluster (PG_BIN, run as `nobody` when root). Two processes (MODE=demo, small demo data, the
 * first seeds it) on ports --port+2 and +3, HAProxy on --port (its stats on +1). The load goes through
 * HAProxy for --seconds: sign-ins, dashboard and customer-list reads, ingest batches with unique report ids,
 * open event streams. Meanwhile each process in turn gets SIGTERM, is waited for, started again and waited
 * for until HAProxy has it UP. Checks: no request failed as the client saw it (a 503 + Retry-After asked
 * again counts as one request that succeeded), every ingest batch answered 202 and every report in the
 * database exactly once, every event stream open again within 5 s, each process exited 0 within
 * SHUTDOWN_SECONDS. Prints the figures; exits 1 when a check fails.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Balancer, haproxyVersion, startHaproxy } from './cluster/haproxy.ts';
import { percentile, Recorder } from './cluster/http.ts';
import { type IngestFigures, runLoad } from './cluster/load.ts';
import { type PortalProcess, portalProcess } from './cluster/portal.ts';
import type { StreamFigures } from './cluster/streams.ts';
import { readDemoPasswords } from './support/demo-accounts.ts';
import { runMain } from './support/run-main.ts';
import { companyToken, identitySettings, signInWithPassword } from './support/session.ts';
import { type Cluster, startCluster } from './two-processes/infra.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    port: { type: 'string', default: '8705' },
    'pg-port': { type: 'string', default: '8709' },
    dir: { type: 'string', default: '/tmp/portal-cluster-bench' },
    /** The processes' SHUTDOWN_DRAIN_SECONDS (default: the server's, 3); 0 shows what the drain is for. */
    'drain-seconds': { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const basePort = Number(values.port);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const workDir = values.dir as string;
/** Stream gaps at most this long (issue 26 item 5). */
const MAX_STREAM_GAP_MS = 5000;
const SHUTDOWN_SECONDS = 20;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const ms = (n: number) => (Number.isNaN(n) ? '—' : n < 10 ? n.toFixed(1) : Math.round(n).toString());
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

let cluster: Cluster | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let balancer: Balancer | undefined;
const portals: PortalProcess[] = [];

async function database(runId: string): Promise<string> {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `portal_cluster_${runId}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.toString();
  }
  cluster = await startCluster(PG_BIN, path.join(workDir, 'cluster'), Number(values['pg-port']));
  return cluster.url;
}

async function cleanUp() {
  await Promise.allSettled(portals.map((portal) => portal.terminate()));
  await balancer?.stop().catch(() => undefined);
  await dropDatabase?.().catch((error) => console.error(`could not drop the database: ${error}`));
  await cluster?.stop();
}

async function main(): Promise<number> {
  const version = haproxyVersion();
  if (!version) throw new Error('haproxy is not installed (apt-get install haproxy)');
  console.info(
    `# Two portal processes behind HAProxy on one PostgreSQL, ${seconds} s of mixed load, rolling restart`,
  );
  console.info(`${version}; load average before: ${load()}`);
  const runId = randomBytes(4).toString('hex');
  const runDir = path.join(workDir, 'run');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });

  const databaseUrl = await database(runId);
  const url = `http://127.0.0.1:${basePort}`;
  for (const [i, name] of ['A', 'B'].entries()) {
    portals.push(
      portalProcess({
        name,
        port: basePort + 2 + i,
        logFile: path.join(runDir, `portal-${name}.log`),
        env: {
          MODE: 'demo',
          DEMO_SIZE: 'small',
          DATABASE_URL: databaseUrl,
          DATA_DIR: path.join(runDir, `data-${name}`),
          // One token issuer for both, the address users reach: the balancer.
          PUBLIC_URL: url,
          // HAProxy (on loopback) sets X-Forwarded-For; the load comes from one address, hence the limits.
          TRUST_PROXY: '127.0.0.1',
          IDENTITY_ADDRESS_REQUESTS_PER_MINUTE: '100000',
          INGEST_RATE_LIMIT_PER_MINUTE: '100000',
          SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS),
          ...(values['drain-seconds'] === undefined
            ? {}
            : { SHUTDOWN_DRAIN_SECONDS: values['drain-seconds'] }),
          LOG_LEVEL: 'warn',
        },
      }),
    );
  }
  for (const portal of portals) {
    const readyMs = await portal.start();
    console.info(`process ${portal.name}: ${portal.url} ready in ${(readyMs / 1000).toFixed(1)} s`);
  }
  balancer = await startHaproxy({
    port: basePort,
    statsPort: basePort + 1,
    servers: [`127.0.0.1:${basePort + 2}`, `127.0.0.1:${basePort + 3}`],
    logFile: path.join(runDir, 'haproxy.log'),
  });
  await balancer.waitFor('portal1', 'UP');
  await balancer.waitFor('portal2', 'UP');
  console.info(`HAProxy on ${url}: both processes UP`);

  // What the load needs, through the balancer.
  const passwords = readDemoPasswords(path.join(runDir, 'data-A'));
  const password = (email: string) => passwords.get(email) ?? '';
  const owners = ['owner@northwind.example', 'owner@jadeharbor.example'];
  const companyTokens: string[] = [];
  for (const email of owners) {
    const { idToken } = await signInWithPassword(url, email, password(email));
    companyTokens.push((await companyToken(url, idToken)).token);
  }
  const keys = JSON.parse(readFileSync(path.join(runDir, 'data-A', 'demo-ingest-keys.json'), 'utf8')) as {
    platform: string;
    key: string;
  }[];
  const ingestKey = keys.find((entry) => entry.platform === 'VORTEX')?.key ?? '';
  const devices = (await (
    await fetch(`${url}/api/ingest/v1/devices?limit=200`, {
      headers: { authorization: `Bearer ${ingestKey}` },
    })
  ).json()) as { items: { id: string }[] };
  const { clientId } = await identitySettings(url);
  const accounts = [...owners, 'member@northwind.example', 'member@jadeharbor.example'].map((email) => ({
    email,
    password: password(email),
  }));

  const recorder = new Recorder();
  const figures = {
    ingest: { batches: 0, reports: 0, accepted: 0, duplicates: 0 } satisfies IngestFigures,
    streams: { opened: 0, gaps: [], reconnectEvents: 0, failedAttempts: [], unresumed: 0 } as StreamFigures,
  };
  const controller = new AbortController();
  const started = performance.now();
  const loadDone = runLoad(
    { url, clientId, accounts, companyTokens, ingestKey, deviceIds: devices.items.map((d) => d.id), runId },
    recorder,
    figures,
    controller.signal,
  );

  // The rolling restart: each process in turn, once the load has run a while.
  const restarts: { name: string; code: number | null; exitMs: number; readyMs: number; upMs: number }[] = [];
  await sleep(Math.min(10_000, seconds * 200));
  for (const [i, portal] of portals.entries()) {
    const server = `portal${i + 1}`;
    const { code, ms: exitMs } = await portal.terminate();
    const restarted = performance.now();
    const readyMs = await portal.start();
    await balancer.waitFor(server, 'UP');
    restarts.push({ name: portal.name, code, exitMs, readyMs, upMs: performance.now() - restarted });
    console.info(
      `restarted ${portal.name}: exit ${code} ${(exitMs / 1000).toFixed(1)} s after SIGTERM, ready ${(readyMs / 1000).toFixed(1)} s after start, UP in HAProxy after ${((performance.now() - restarted) / 1000).toFixed(1)} s`,
    );
  }
  // The rest of the time, and at least 5 s after the last restart (streams resume, batches land).
  await sleep(Math.max(5000, seconds * 1000 - (performance.now() - started)));
  controller.abort();
  await loadDone;
  const elapsed = (performance.now() - started) / 1000;
  const loadAtEnd = load();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: string; distinct: string }>(
    `select count(*) as n, count(distinct report_id) as distinct from ingest_receipts where report_id like $1`,
    [`${runId}-%`],
  );
  await client.end();
  const stored = Number(rows[0]?.n ?? 0);

  // Figures.
  const all = recorder.latencies();
  console.info(
    `\nmixed load: ${elapsed.toFixed(1)} s through HAProxy, load average at the end: ${loadAtEnd}`,
  );
  console.info('\n| operation | requests | p50 ms | p99 ms |');
  console.info('|---|---:|---:|---:|');
  for (const [operation, tally] of [...recorder.byOperation.entries()].sort(([a], [b]) => a.localeCompare(b)))
    console.info(
      `| ${operation} | ${tally.requests} | ${ms(percentile(tally.latencies, 50))} | ${ms(percentile(tally.latencies, 99))} |`,
    );
  console.info(`| all | ${recorder.requests} | ${ms(percentile(all, 50))} | ${ms(percentile(all, 99))} |`);
  const statuses = [...recorder.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  console.info(
    `\nstatuses the client got: ${statuses}; asked again after 503 + Retry-After: ${recorder.retriedAfter503}`,
  );
  const { ingest, streams } = figures;
  console.info(
    `ingest: ${ingest.batches} batches, ${ingest.reports} reports; answers: ${ingest.accepted} accepted, ${ingest.duplicates} duplicates; in the database: ${stored} (distinct ${rows[0]?.distinct})`,
  );
  const maxGap = Math.max(0, ...streams.gaps);
  console.info(
    `event streams: ${streams.opened} opened, ${streams.reconnectEvents} told to reconnect, ${streams.gaps.length} resumed, gap p50 ${ms(percentile(streams.gaps, 50))} ms, max ${ms(maxGap)} ms; attempts refused: ${streams.failedAttempts.length}`,
  );

  const checks: [string, boolean][] = [
    [`no failed request (${recorder.failures.length})`, recorder.failures.length === 0],
    [
      'every ingest batch answered 202 and applied exactly once',
      stored === ingest.reports &&
        Number(rows[0]?.distinct) === stored &&
        ingest.accepted + ingest.duplicates === ingest.reports,
    ],
    [
      `every event stream resumed within ${MAX_STREAM_GAP_MS} ms`,
      streams.unresumed === 0 && maxGap <= MAX_STREAM_GAP_MS,
    ],
    ['the streams of each stopping process were told to reconnect', streams.reconnectEvents > 0],
    [
      `each process exited 0 within SHUTDOWN_SECONDS (${SHUTDOWN_SECONDS} s)`,
      restarts.length === 2 && restarts.every((r) => r.code === 0 && r.exitMs < SHUTDOWN_SECONDS * 1000),
    ],
  ];
  console.info('');
  for (const [name, ok] of checks) console.info(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  for (const failure of recorder.failures.slice(0, 20)) console.info(`  failed: ${failure}`);
  for (const attempt of streams.failedAttempts.slice(0, 10))
    console.info(`  stream attempt refused: ${attempt}`);
  return checks.every(([, ok]) => ok) ? 0 : 1;
}

await runMain(main, cleanUp);
