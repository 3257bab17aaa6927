/**
 * Fault 4: two server processes on one PostgreSQL under mixed load:
 * `npx tsx bench/two-processes.ts [--seconds 60] [--pg-port 55445]`.
 *
 * Starts a throwaway PostgreSQL 15 cluster (PG_BIN, default /usr/lib/postgresql/15/bin; run as `nobody`
 * when root) unless BENCH_DATABASE_URL is given (then its domain tables are EMPTIED: a throwaway
 * database), then two real server processes (ports 8207 and 8208, same PUBLIC_URL so the same token
 * issuer; the first seeds the small demo data). Thirteen clients send every request to the processes in
 * turn for --seconds: sign-ins (password and SRP, SRP started at one process and finished at the other),
 * reads of every dealer screen, member create/rename/delete, company renames, customer metadata edits,
 * remote-access request/abort, owner transfers back and forth, refresh-token revocation and lockout; each
 * write is read back at the other process. Then the acknowledged writes are checked at both processes and
 * in SQL. Prints requests, requests/s per process, p50/p99, errors by kind, the checks; exits 1 on any
 * error or failed check.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { emptyDomainTables } from '../server/src/demo/reset.ts';
import { openDatabase } from '../server/src/infrastructure/db/database.ts';
import { migrateToLatest } from '../server/src/infrastructure/db/migrate.ts';
import { useDemoPasswords } from './two-processes/accounts.ts';
import { type CheckResult, runChecks } from './two-processes/checks.ts';
import { percentile, Recorder, type Target } from './two-processes/client.ts';
import type { Context } from './two-processes/context.ts';
import {
  type Cluster,
  portIsFree,
  type ServerProcess,
  startCluster,
  startServer,
} from './two-processes/infra.ts';
import { newModel } from './two-processes/model.ts';
import { runLoad } from './two-processes/scenario.ts';
import { loadWorld } from './two-processes/world.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    'pg-port': { type: 'string', default: '55445' },
    dir: { type: 'string', default: '/tmp/helperE-pg' },
    'keep-logs': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const PORTS = [8207, 8208] as const;
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const workDir = values.dir as string;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const ms = (n: number) => (Number.isNaN(n) ? '—' : n < 10 ? n.toFixed(1) : Math.round(n).toString());

let cluster: Cluster | undefined;
const servers: ServerProcess[] = [];
let pool: pg.Pool | undefined;

async function cleanUp() {
  await Promise.allSettled(servers.map((server) => server.stop()));
  await pool?.end().catch(() => undefined);
  await cluster?.stop();
}

async function main(): Promise<number> {
  console.info(`# Two server processes on one PostgreSQL, mixed load for ${seconds} s`);
  console.info(`load average before: ${load()}`);
  rmSync(path.join(workDir, 'run'), { recursive: true, force: true });
  let databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      await migrateToLatest(database.db);
      await emptyDomainTables(database.db);
    } finally {
      await database.close();
    }
  } else {
    let pgPort = Number(values['pg-port']);
    if (!(await portIsFree(pgPort))) {
      const fallback = pgPort + 10;
      console.info(`port ${pgPort} is taken; PostgreSQL on ${fallback}`);
      pgPort = fallback;
    }
    cluster = await startCluster(PG_BIN, path.join(workDir, 'cluster'), pgPort);
    databaseUrl = cluster.url;
    console.info(`PostgreSQL: ${PG_BIN} on port ${pgPort}`);
  }
  const runDir = path.join(workDir, 'run');
  mkdirSync(runDir, { recursive: true });

  const publicUrl = `http://localhost:${PORTS[0]}`;
  for (const [i, port] of PORTS.entries()) {
    const name = i === 0 ? 'A' : 'B';
    const started = performance.now();
    servers.push(
      await startServer({
        name,
        port,
        logFile: path.join(runDir, `server-${name}.log`),
        env: {
          MODE: 'demo',
          DEMO_SIZE: 'small',
          DATABASE_URL: databaseUrl,
          DATA_DIR: path.join(runDir, `data-${name}`),
          // The token issuer: both processes must share it, as behind a load balancer.
          PUBLIC_URL: publicUrl,
          // The clients stand for many addresses behind a proxy on loopback (X-Forwarded-For).
          TRUST_PROXY: 'loopback',
          LOG_LEVEL: 'warn',
        },
      }),
    );
    console.info(
      `process ${name}: pid ${servers[i]!.pid}, port ${port}, ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  // Process A seeded the demo data; both wrote the same generated passwords to their DATA_DIR.
  useDemoPasswords(path.join(runDir, 'data-A'));
  const targets = servers.map((server): Target => ({ name: server.name, url: server.url })) as [
    Target,
    Target,
  ];

  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const world = await loadWorld(pool);
  const config = (await (await fetch(`${targets[0].url}/api/config`)).json()) as {
    identity: { userPoolId: string; userPoolClientId: string };
  };
  const settings = { clientId: config.identity.userPoolClientId, userPoolId: config.identity.userPoolId };
  const recorder = new Recorder();
  const ctx: Context = {
    pool,
    recorder,
    targets,
    settings,
    world,
    model: newModel(world),
    until: Date.now() + seconds * 1000,
    runId: Date.now().toString(36).slice(-5),
  };
  const cpuBefore = servers.map((server) => server.cpuSeconds());
  const started = performance.now();
  await runLoad(ctx);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = servers.map((server, i) => server.cpuSeconds() - (cpuBefore[i] as number));
  const loadAfterRun = load();

  const checksRecorder = new Recorder();
  const checks: CheckResult[] = await runChecks(ctx, pool, checksRecorder);

  // Figures.
  console.info(`\nmixed load: ${elapsed.toFixed(1)} s, 13 clients, load average at the end: ${loadAfterRun}`);
  console.info('\n| process | requests | requests/s | p50 ms | p99 ms | CPU s | statuses |');
  console.info('|---|---:|---:|---:|---:|---:|---|');
  let total = 0;
  const all: number[] = [];
  for (const [i, server] of servers.entries()) {
    const tally = recorder.byProcess.get(server.name);
    if (!tally) continue;
    total += tally.requests;
    all.push(...tally.latencies);
    const statuses = [...tally.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.info(
      `| ${server.name} (:${PORTS[i]}) | ${tally.requests} | ${(tally.requests / elapsed).toFixed(1)} | ${ms(percentile(tally.latencies, 50))} | ${ms(percentile(tally.latencies, 99))} | ${(cpu[i] as number).toFixed(1)} | ${statuses} |`,
    );
  }
  console.info(
    `| both | ${total} | ${(total / elapsed).toFixed(1)} | ${ms(percentile(all, 50))} | ${ms(percentile(all, 99))} | | |`,
  );

  console.info('\n| operation | requests | p50 ms | p99 ms | statuses |');
  console.info('|---|---:|---:|---:|---|');
  for (const [operation, tally] of [...recorder.byOperation.entries()].sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const statuses = [...tally.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.info(
      `| ${operation} | ${tally.requests} | ${ms(percentile(tally.latencies, 50))} | ${ms(percentile(tally.latencies, 99))} | ${statuses} |`,
    );
  }

  const { model } = ctx;
  console.info(
    `\nsign-ins: ${model.signIns.password} password, ${model.signIns.srp} SRP (A→B or B→A); ` +
      `writes acknowledged: ${model.members.size + model.deleted.size} members created, ${model.deleted.size} deleted, ` +
      `${model.ownerChain.acknowledged} owner transfers; expected refusals (revoked, locked): ${recorder.expectedRefusals}`,
  );
  console.info('\nthe same write sent to both processes at once (rounds with the right pair of answers):');
  for (const [name, count] of model.races) console.info(`  ${name}: ${count}`);
  console.info('\nread back at the other process during the load:');
  for (const [name, entry] of model.crossChecks) {
    console.info(
      `  ${name}: ${entry.passed}${entry.inconclusive ? ` (+${entry.inconclusive} inconclusive: slower than the 1 s lock)` : ''}`,
    );
  }

  const errors = recorder.errorCount() + checksRecorder.errorCount();
  console.info(
    `\nerrors during the load: ${recorder.errorCount()}, during the checks: ${checksRecorder.errorCount()}`,
  );
  for (const [label, source] of [
    ['load', recorder],
    ['checks', checksRecorder],
  ] as const) {
    for (const [kind, entry] of source.errors) {
      console.info(`  ${label} ${kind}: ${entry.count}`);
      for (const example of entry.examples) console.info(`    e.g. ${example}`);
    }
  }
  console.info('\nconsistency checks after the load:');
  for (const result of checks)
    console.info(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name}: ${result.detail}`);
  const failedChecks = checks.filter((result) => !result.ok).length;
  for (const server of servers) {
    const log = readFileSync(server.logFile, 'utf8');
    const errorLines = log.split('\n').filter((line) => /"level":(50|60)/.test(line));
    if (errorLines.length) {
      console.info(
        `\nprocess ${server.name} logged ${errorLines.length} errors, e.g.:\n  ${errorLines.slice(0, 3).join('\n  ').slice(0, 1500)}`,
      );
    }
  }
  console.info(`\nload average after: ${load()}`);
  const ok = errors === 0 && failedChecks === 0;
  console.info(
    ok ? 'RESULT: zero errors, consistent' : `RESULT: ${errors} errors, ${failedChecks} failed checks`,
  );
  if (!values['keep-logs'] && ok) rmSync(runDir, { recursive: true, force: true });
  else console.info(`server logs: ${runDir}`);
  return ok ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(code);
