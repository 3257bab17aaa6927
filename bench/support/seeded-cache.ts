/**
 * A seeded demo database kept between bench runs (seeding the large set takes ~35 s on PostgreSQL, ~55 s on
 * PGlite), keyed by the demo generator's and the migrations' sources and the seeding day, so a change to
 * either (or a new day, which moves license expiry) seeds again. Each run gets a copy:
 *   - PGlite: a folder in BENCH_CACHE_DIR (default ~/.cache/partner-portal/bench), copied to a fresh one;
 *   - PostgreSQL: a database `bench_cache_<size>_<key>` on BENCH_DATABASE_URL's server, cloned as the
 *     template of `bench_run_<name>` (dropped after the run). Older caches of the same size are dropped.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { seedDemoIfEmpty, seedingDay } from '../../server/src/demo/seed.ts';
import { loadConfig } from '../../server/src/infrastructure/config/config.ts';
import type { DemoSize } from '../../server/src/infrastructure/config/demo-size.ts';
import { type Database, openDatabase } from '../../server/src/infrastructure/db/database.ts';
import { migrateToLatest } from '../../server/src/infrastructure/db/migrate.ts';
import { type PortalDatabase, REPO_ROOT } from './portal-process.ts';

export type CopiedDatabase = PortalDatabase & {
  /** Opens the copy in this process (before the server starts: PGlite is one process's). */
  open(): Promise<Database>;
  dispose(): Promise<void>;
};

function cacheKey(size: DemoSize): string {
  const hash = createHash('sha256').update(size).update(seedingDay().toISOString());
  for (const dir of ['server/src/demo', 'server/src/infrastructure/db/migrations']) {
    const abs = path.join(REPO_ROOT, dir);
    for (const file of readdirSync(abs).sort()) hash.update(file).update(readFileSync(path.join(abs, file)));
  }
  return hash.digest('hex').slice(0, 10);
}

async function seed(database: Database, size: DemoSize, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db, {
    size,
    now: seedingDay(),
    settings: loadConfig({ DATA_DIR: tmpdir() }),
    progress: () => {},
  });
  // As autovacuum would after a bulk load.
  await sql`vacuum analyze`.execute(database.db);
  log(
    `seeded the ${size} demo data on ${database.kind} in ${((Date.now() - started) / 1000).toFixed(0)} s (cached)`,
  );
}

export async function pgliteCopy(size: DemoSize, log: (line: string) => void): Promise<CopiedDatabase> {
  const root = process.env.BENCH_CACHE_DIR ?? path.join(homedir(), '.cache/partner-portal/bench');
  mkdirSync(root, { recursive: true });
  const key = cacheKey(size);
  const cached = path.join(root, `pglite-${size}-${key}`);
  if (!existsSync(cached)) {
    for (const old of readdirSync(root).filter((name) => name.startsWith(`pglite-${size}-`)))
      rmSync(path.join(root, old), { recursive: true, force: true });
    const building = `${cached}.building`;
    rmSync(building, { recursive: true, force: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: building });
    try {
      await seed(database, size, log);
    } finally {
      await database.close();
    }
    renameSync(building, cached);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${size}-pglite-`));
  const copy = path.join(dataDir, 'db');
  cpSync(cached, copy, { recursive: true });
  return {
    kind: 'pglite',
    // The server's DATA_DIR holds the database folder itself; demo-*.json files land beside its files.
    dataDir: copy,
    open: () => openDatabase({ kind: 'pglite', dataDir: copy }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const withDatabase = (url: string, name: string) => {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
};

export async function postgresCopy(
  serverUrl: string,
  size: DemoSize,
  runName: string,
  log: (line: string) => void,
): Promise<CopiedDatabase> {
  const cache = `bench_cache_${size}_${cacheKey(size)}`;
  const exists = await admin(serverUrl, async (client) => {
    const rows = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'bench\\_cache\\_${size}\\_%'`,
    );
    for (const { datname } of rows.rows)
      if (datname !== cache) await client.query(`drop database if exists ${datname} with (force)`);
    return rows.rows.some((row) => row.datname === cache);
  });
  if (!exists) {
    const building = `${cache}_building`;
    await admin(serverUrl, async (client) => {
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building}`);
    });
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, building) });
    try {
      await seed(database, size, log);
    } finally {
      await database.close();
    }
    await admin(serverUrl, (client) => client.query(`alter database ${building} rename to ${cache}`));
  }
  const name = `bench_run_${runName}`;
  await admin(serverUrl, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name} template ${cache}`);
  });
  const url = withDatabase(serverUrl, name);
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${size}-pg-`));
  return {
    kind: 'postgres',
    url,
    dataDir,
    open: () => openDatabase({ kind: 'postgres', url }),
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await admin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
