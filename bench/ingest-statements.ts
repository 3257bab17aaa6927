/**
 * What one ingest batch costs the database, statement by statement:
 * `npx tsx bench/ingest-statements.ts [--batches 200] [--batch 500] [--engines pglite,postgresql] [--debounce 5]`.
 *
 * On a copy of the cached large demo data (bench/support/seeded-cache.ts), one connection, no HTTP: the
 * simulator's reports (server/src/simulator) in batches through what POST /api/ingest/v1/reports runs per
 * batch (the key lookup, the rate counter, applyReports with the incident engine) and the engine's sweep once
 * per second, one after another, after an untimed warm-up in which every device is reported once (a device's
 * first report makes its seeded incidents agree with it: a one-time cost, printed). Every statement the driver sends is timed (pg's / PGlite's query
 * wrapped), grouped by its text, and printed by total time: which statements a batch costs, and how long.
 * The job queue's own statements (pg-boss, its own pool on PostgreSQL) are not in it.
 */
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { IngestPlatform } from '@portal/contracts/ingest';
import pg from 'pg';
import { sweepDueDevices } from '../server/src/domain/incidents/engine.ts';
import { applyReports } from '../server/src/domain/ingest/apply-reports.ts';
import { createIngestKey, findIngestKey, type IngestKey } from '../server/src/domain/ingest/ingest-keys.ts';
import type { Database } from '../server/src/infrastructure/db/database.ts';
import { hitCounter } from '../server/src/infrastructure/rate-limits/rate-counters.ts';
import { Behaviour } from '../server/src/simulator/behaviour.ts';
import { buildFleet } from '../server/src/simulator/fleet.ts';
import { loadAverage } from './support/load.ts';
import { type CopiedDatabase, pgliteCopy, postgresCopy } from './support/seeded-cache.ts';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '200' },
    batch: { type: 'string', default: '500' },
    engines: { type: 'string', default: 'pglite,postgresql' },
    debounce: { type: 'string', default: '5' },
  },
});
const batches = Number(values.batches);
const batchSize = Number(values.batch);
const debounceSeconds = Number(values.debounce);
const log = (line: string) => console.info(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

interface Timing {
  calls: number;
  ms: number;
  rows: number;
}
const timings = new Map<string, Timing>();
let timing = false;

/** A statement's text, shortened to what tells it apart (the first words, parameter lists folded). */
function label(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\(\$\d+(, \$\d+)+\)/g, '($…)')
    .trim()
    .slice(0, 110);
}

function record(text: string, started: number, rows: number) {
  if (!timing) return;
  const key = label(text);
  const entry = timings.get(key) ?? { calls: 0, ms: 0, rows: 0 };
  entry.calls += 1;
  entry.ms += performance.now() - started;
  entry.rows += rows;
  timings.set(key, entry);
}

/** Wraps the drivers below Kysely: every statement of this process is timed. */
function instrument() {
  const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string };
    const text = typeof config === 'string' ? config : config.text;
    const started = performance.now();
    const result = clientQuery.apply(this, args);
    if (result instanceof Promise)
      return result.then((value: { rowCount?: number | null }) => {
        record(text, started, value?.rowCount ?? 0);
        return value;
      });
    return result;
  } as typeof pg.Client.prototype.query;
  for (const method of ['query', 'exec'] as const) {
    const original = PGlite.prototype[method] as (...args: unknown[]) => Promise<unknown>;
    (PGlite.prototype as unknown as Record<string, unknown>)[method] = async function (
      this: PGlite,
      ...args: unknown[]
    ) {
      const started = performance.now();
      const value = (await original.apply(this, args)) as { affectedRows?: number; rows?: unknown[] };
      record(String(args[0]), started, value?.affectedRows ?? value?.rows?.length ?? 0);
      return value;
    };
  }
}

async function run(engine: 'PGlite' | 'PostgreSQL') {
  const copy: CopiedDatabase =
    engine === 'PGlite'
      ? await pgliteCopy('large', log)
      : await postgresCopy(process.env.BENCH_DATABASE_URL as string, 'large', 'statements', log);
  const database: Database = await copy.open();
  try {
    const { db } = database;
    const keys = new Map<IngestPlatform, IngestKey & { key: string }>();
    for (const platform of ['VORTEX', 'VSS'] as const)
      keys.set(platform, await createIngestKey(db, platform, `statements ${platform}`));
    const devices = await db
      .selectFrom('devices')
      .select([
        'id',
        'platform',
        'device_type',
        'device_category',
        'parent_device_id',
        'service_id',
        'offline',
      ])
      .select(['recording', 'is_recording'])
      .execute();
    const behaviour = new Behaviour(
      buildFleet(
        devices.map((row) => ({
          id: row.id,
          platform: row.platform === 'first' ? 'VORTEX' : 'VSS',
          type: row.device_type as never,
          category: row.device_category as never,
          serverId: row.parent_device_id ?? (row.service_id !== row.id ? row.service_id : null),
          connected: !row.offline,
          recording: Boolean(row.recording ?? row.is_recording),
        })),
      ),
      { seed: 1, debounceSeconds, scenarioShare: 0.01, idPrefix: `statements-${Date.now().toString(36)}` },
    );
    const queues = new Map<IngestPlatform, ReturnType<Behaviour['take']>>();
    const next = (virtual: number) => {
      for (;;) {
        for (const [platform, queue] of queues)
          if (queue.length >= batchSize) return { platform, reports: queue.splice(0, batchSize) };
        for (const item of behaviour.take(batchSize, virtual, new Date().toISOString())) {
          const queue = queues.get(item.platform) ?? [];
          queue.push(item);
          queues.set(item.platform, queue);
        }
      }
    };

    const perBatch = async (platform: IngestPlatform, reports: ReturnType<Behaviour['take']>) => {
      const key = keys.get(platform) as IngestKey & { key: string };
      await findIngestKey(db, key.key);
      await hitCounter(db, `ingest:${key.id}`, 60, new Date());
      await applyReports(
        db,
        key,
        reports.map((item) => item.report),
        { debounceSeconds, maxReportAgeHours: 24 },
      );
    };
    // Warm-up, untimed: every device reported once (its first report makes its seeded incidents agree with
    // it, a one-time cost), plans and caches warm.
    const started = performance.now();
    let warmed = 0;
    while (warmed < devices.length * 1.02) {
      const { platform, reports } = next(performance.now() - started);
      await perBatch(platform, reports);
      warmed += reports.length;
    }
    log(
      `${engine}: warm-up, every device reported once: ${warmed.toLocaleString('en')} reports in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    timings.clear();
    timing = true;
    const loadBefore = loadAverage();
    const begun = performance.now();
    let lastSweep = begun;
    let reportCount = 0;
    for (let i = 0; i < batches; i++) {
      const { platform, reports } = next(performance.now() - started);
      await perBatch(platform, reports);
      reportCount += reports.length;
      if (performance.now() - lastSweep >= 1000) {
        lastSweep = performance.now();
        await sweepDueDevices(db, debounceSeconds);
      }
    }
    const elapsed = performance.now() - begun;
    timing = false;
    const total = [...timings.values()].reduce((sum, t) => sum + t.ms, 0);
    console.info(
      `\n${engine}: ${batches} batches of ${batchSize} (${reportCount.toLocaleString('en')} reports) in ${(elapsed / 1000).toFixed(1)} s, one at a time: ${Math.round((reportCount * 1000) / elapsed).toLocaleString('en')} reports/s; statements ${total.toFixed(0)} ms = ${((total * 1000) / reportCount).toFixed(0)} µs/report (${loadBefore} → ${loadAverage()})\n`,
    );
    console.info('| statement | calls | total ms | ms/call | µs/report | share | rows/call |');
    console.info('|---|---:|---:|---:|---:|---:|---:|');
    for (const [text, t] of [...timings].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
      console.info(
        `| \`${text.replace(/\|/g, '\\|')}\` | ${t.calls} | ${t.ms.toFixed(0)} | ${(t.ms / t.calls).toFixed(2)} | ${((t.ms * 1000) / reportCount).toFixed(1)} | ${((100 * t.ms) / total).toFixed(1)} % | ${(t.rows / t.calls).toFixed(0)} |`,
      );
  } finally {
    await database.close();
    await copy.dispose();
  }
}

instrument();
const wanted = values.engines.split(',').map((name) => (name === 'postgres' ? 'postgresql' : name));
if (wanted.includes('postgresql') && process.env.BENCH_DATABASE_URL) await run('PostgreSQL');
if (wanted.includes('pglite')) await run('PGlite');
