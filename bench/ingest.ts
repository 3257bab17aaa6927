/**
 * Ingest throughput with the incident engine on (issue 14 item 13):
 * `npx tsx bench/ingest.ts [--seconds 60] [--engines pglite,postgresql] [--clients 4] [--batch 500]
 *  [--debounce 5] [--warmup 5] [--cpu-prof DIR] [--server-log DIR]`.
 *
 * On a copy of the large demo data (100,000 devices; seeded once and cached, bench/support/seeded-cache.ts)
 * plus the bench's probe site and storm server (bench/ingest/fixture.ts), starts the real server in its own
 * process (demo mode, JOBS=true, INCIDENT_DEBOUNCE_SECONDS=--debounce, the per-key rate limit lifted) and
 * drives POST /api/ingest/v1/reports with the simulator's behaviour (server/src/simulator) from --clients
 * HTTP clients, batches of --batch reports, each client sending its next batch when the last is answered.
 * The warm-up lasts until every device was reported once (and at least --warmup seconds): a device's first
 * report makes the incidents the seed gave it agree with it, a one-time cost whose rate is printed.
 * Meanwhile it measures, through the API a dealer's screens use, report → visible state and report →
 * incident (minus the debounce), and plays the storm (a server and its 64 cameras offline: one incident).
 * Prints reports/s (mean and the slowest 5 s), batch round trips, the latencies, the server's CPU per report
 * (/proc of its process) and, on PostgreSQL, the CPU of the run database's backends per report.
 * PGlite always; PostgreSQL with BENCH_DATABASE_URL (on that server: a cached `bench_cache_large_<key>`
 * database and a `bench_run_ingest` copy, dropped after).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { IngestPlatform } from '@portal/contracts/ingest';
import {
  Behaviour,
  buildFleet,
  DEMO_KEYS_FILE_NAME,
  fetchPlatformDevices,
  type PlatformKey,
} from '@portal/server/testkit';
import pg from 'pg';
import { addIngestFixture, type IngestFixture, LARGE_DEALER_OWNER } from './ingest/fixture.ts';
import { IngestLoad } from './ingest/load.ts';
import { type ProbeResults, runProbes, runStorm, stormOutcome } from './ingest/probes.ts';
import { loadAverage, percentile } from './support/load.ts';
import { processCpuSeconds, startPortal } from './support/portal-process.ts';
import { type CopiedDatabase, pgliteCopy, postgresCopy } from './support/seeded-cache.ts';
import { companyToken, signInWithPassword } from './support/session.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    engines: { type: 'string', default: 'pglite,postgresql' },
    clients: { type: 'string', default: '4' },
    batch: { type: 'string', default: '500' },
    debounce: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '5' },
    'cpu-prof': { type: 'string' },
    /** Keep the server's log (JSON lines) in DIR/ingest-<engine>.log. */
    'server-log': { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const batchSize = Number(values.batch);
const debounceSeconds = Number(values.debounce);
const warmupSeconds = Number(values.warmup);
const PORT = { PGlite: 8213, PostgreSQL: 8215 } as const;
type EngineName = keyof typeof PORT;

const log = (line: string) => console.info(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const format = (n: number) => Math.round(n).toLocaleString('en');

/** CPU seconds of the PostgreSQL backends serving one database (pg_stat_activity, then /proc). */
async function backendsOf(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}
function cpuOf(pids: number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      cpu.set(pid, processCpuSeconds(pid));
    } catch {
      // gone
    }
  }
  return cpu;
}

interface Figures {
  engine: EngineName;
  reportsPerSecond: number;
  slowest5s: number;
  batchP50: number;
  batchP99: number;
  probes: ProbeResults;
  serverCpuMicros: number;
  postgresCpuMicros: number | null;
  storm: string;
  errors: number;
  lastError: string;
  accepted: number;
  duplicates: number;
  rejected: number;
  load: string;
  perSecond: number[];
}

async function runEngine(engine: EngineName): Promise<Figures> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const copy: CopiedDatabase =
    engine === 'PGlite'
      ? await pgliteCopy('large', log)
      : await postgresCopy(serverUrl as string, 'large', 'ingest', log);
  try {
    let fixture: IngestFixture;
    const database = await copy.open();
    try {
      fixture = await addIngestFixture(database);
    } finally {
      await database.close();
    }
    log(`${engine}: starting the server on the large demo data`);
    const portal = await startPortal({
      port: PORT[engine],
      database: copy,
      env: {
        DEMO_SIZE: 'large',
        JOBS: 'true',
        INCIDENT_DEBOUNCE_SECONDS: String(debounceSeconds),
        INGEST_RATE_LIMIT_PER_MINUTE: '1000000',
      },
      nodeArgs: values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [],
      startTimeoutMs: 600_000,
      ...(values['server-log']
        ? { logFile: path.join(values['server-log'], `ingest-${engine.toLowerCase()}.log`) }
        : {}),
    });
    try {
      const keys = JSON.parse(
        readFileSync(path.join(copy.dataDir, DEMO_KEYS_FILE_NAME), 'utf8'),
      ) as PlatformKey[];
      const session = await signInWithPassword(
        portal.url,
        LARGE_DEALER_OWNER,
        portal.demoPassword(LARGE_DEALER_OWNER),
      );
      const api = { url: portal.url, token: (await companyToken(portal.url, session.idToken)).token };
      const spared = new Set([...fixture.probeCameras, fixture.stormServer, ...fixture.stormCameras]);
      const devices = (
        await Promise.all(
          keys.map(async ({ platform, key }) =>
            (await fetchPlatformDevices(portal.url, key)).map((device) => ({ ...device, platform })),
          ),
        )
      )
        .flat()
        .filter((device) => !spared.has(device.id));
      log(`${engine}: ${format(devices.length)} devices to drive`);
      const load = new IngestLoad({
        url: portal.url,
        keys: new Map(keys.map((entry) => [entry.platform as IngestPlatform, entry.key])),
        behaviour: new Behaviour(buildFleet(devices), {
          seed: 1,
          debounceSeconds,
          scenarioShare: 0.01,
          idPrefix: `bench-${Date.now().toString(36)}`,
        }),
        batchSize,
        clients,
      });
      load.start();
      // Warm-up: every device reported once (its first report makes its seeded incidents agree with it,
      // a one-time cost), and at least --warmup seconds.
      const warmStart = performance.now();
      while (
        load.counters.accepted < devices.length * 1.02 ||
        performance.now() - warmStart < warmupSeconds * 1000
      ) {
        if (load.counters.errors > 100) throw new Error(`ingest fails: ${load.counters.lastError}`);
        await sleep(250);
      }
      const warmSeconds = (performance.now() - warmStart) / 1000;
      log(
        `${engine}: warm-up ${warmSeconds.toFixed(1)} s, ${format(load.counters.accepted)} reports (${format(load.counters.accepted / warmSeconds)}/s, every device's first report); measuring ${seconds} s`,
      );

      const loadBefore = loadAverage();
      const pids = engine === 'PostgreSQL' ? await backendsOf(copy.kind === 'postgres' ? copy.url : '') : [];
      const pgBefore = cpuOf(pids);
      const cpuBefore = portal.cpuSeconds();
      const acceptedBefore = load.counters.accepted;
      const begun = performance.now();
      load.measure();
      let over = false;
      const stopAt = setTimeout(() => {
        over = true;
      }, seconds * 1000);
      const storm = runStorm({
        api,
        load,
        fixture,
        debounceSeconds,
        downAtMs: (seconds * 1000) / 3,
        upAtMs: Math.max((seconds * 2000) / 3, (seconds * 1000) / 3 + (debounceSeconds + 4) * 1000),
      });
      const probes = runProbes({ api, load, fixture, debounceSeconds, stop: () => over });
      await sleep(seconds * 1000);
      const elapsed = (performance.now() - begun) / 1000;
      const accepted = load.counters.accepted - acceptedBefore;
      const cpu = portal.cpuSeconds() - cpuBefore;
      const pgAfter = cpuOf(
        engine === 'PostgreSQL' ? await backendsOf(copy.kind === 'postgres' ? copy.url : '') : [],
      );
      let pgCpu = 0;
      for (const [pid, after] of pgAfter) pgCpu += after - (pgBefore.get(pid) ?? 0);
      const loadAfter = loadAverage();
      clearTimeout(stopAt);
      over = true;
      const stormTiming = await storm;
      const probeResults = await probes;
      await load.stop();
      // Let the engine settle (the storm's return, the last probes), then count the storm's incidents.
      await sleep((debounceSeconds + 3) * 1000);
      const outcome = await stormOutcome(api, fixture);
      const server = outcome.serverIncidents;
      const stormLine = `${server.length} incident${server.length === 1 ? '' : 's'} (${server.filter((i) => i.resolvedAt).length} resolved), ${stormTiming.affectedDevices ?? '?'} affected, ${outcome.cameraIncidents} camera incidents; opened ${stormTiming.incidentMs === null ? 'never' : `${format(stormTiming.incidentMs)} ms after the debounce`}`;

      const perSecond = load.counters.perSecond.slice(0, Math.floor(elapsed));
      const windows = perSecond
        .map((_, i) => perSecond.slice(i, i + 5))
        .filter((window) => window.length === 5)
        .map((window) => window.reduce((sum, n) => sum + (n ?? 0), 0) / 5);
      return {
        engine,
        reportsPerSecond: accepted / elapsed,
        slowest5s: windows.length ? Math.min(...windows) : Number.NaN,
        batchP50: percentile(load.counters.batchMs, 50),
        batchP99: percentile(load.counters.batchMs, 99),
        probes: probeResults,
        serverCpuMicros: (cpu * 1e6) / Math.max(accepted, 1),
        postgresCpuMicros: engine === 'PostgreSQL' ? (pgCpu * 1e6) / Math.max(accepted, 1) : null,
        storm: stormLine,
        errors: load.counters.errors,
        lastError: load.counters.lastError,
        accepted: load.counters.accepted,
        duplicates: load.counters.duplicates,
        rejected: load.counters.rejected,
        load: `${loadBefore} → ${loadAfter}`,
        perSecond,
      };
    } finally {
      await portal.stop();
    }
  } finally {
    await copy.dispose();
  }
}

const wanted = values.engines.split(',').map((name) => (name === 'postgres' ? 'postgresql' : name));
const engines: EngineName[] = [];
if (wanted.includes('pglite')) engines.push('PGlite');
if (wanted.includes('postgresql')) {
  if (process.env.BENCH_DATABASE_URL) engines.push('PostgreSQL');
  else
    log(
      'PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… (a server the bench may create databases on)',
    );
}

const results: Figures[] = [];
for (const engine of engines) results.push(await runEngine(engine));

const ms = (values: number[], p: number) => (values.length ? format(percentile(values, p)) : '–');
console.info(
  `\n${seconds} s, ${clients} clients, batches of ${batchSize}, debounce ${debounceSeconds} s, large demo data (100,000 devices)\n`,
);
console.info(
  '| engine | reports/s (mean) | slowest 5 s | batch p50 / p99 ms | report → visible p50 / p99 ms | report → incident − debounce p50 / p99 ms | server CPU µs/report | PostgreSQL CPU µs/report | storm (a server + 64 cameras offline) | errors |',
);
console.info('|---|---:|---:|---:|---:|---:|---:|---:|---|---:|');
for (const r of results) {
  const p = r.probes;
  console.info(
    `| ${r.engine} | ${format(r.reportsPerSecond)} | ${format(r.slowest5s)} | ${format(r.batchP50)} / ${format(r.batchP99)} | ${ms(p.visibleMs, 50)} / ${ms(p.visibleMs, 99)} (${p.visibleMs.length} probes${p.visibleTimeouts ? `, ${p.visibleTimeouts} timed out` : ''}) | ${ms(p.incidentMs, 50)} / ${ms(p.incidentMs, 99)} (${p.incidentMs.length} probes${p.incidentTimeouts ? `, ${p.incidentTimeouts} timed out` : ''}) | ${format(r.serverCpuMicros)} | ${r.postgresCpuMicros === null ? '–' : format(r.postgresCpuMicros)} | ${r.storm} | ${r.errors} |`,
  );
}
for (const r of results)
  console.info(
    `${r.engine}: accepted reports per second of the measured window: ${r.perSecond.map((n) => format(n ?? 0)).join(' ')}\n${r.engine}: ${format(r.accepted)} accepted, ${r.duplicates} duplicates, ${r.rejected} rejected in all (warm-up included); ${r.load}${r.lastError ? `; last error: ${r.lastError}` : ''}`,
  );
