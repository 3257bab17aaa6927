import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emptyDomainTables } from '../../server/src/demo/reset.ts';
import { openDatabase } from '../../server/src/infrastructure/db/database.ts';
import { migrateToLatest } from '../../server/src/infrastructure/db/migrate.ts';
import type { PortalDatabase } from './portal-process.ts';

export interface Engine {
  name: 'PGlite' | 'PostgreSQL';
  /** A fresh, empty database for one server run (PGlite: a new folder; PostgreSQL: domain tables emptied). */
  prepare(): Promise<PortalDatabase & { dispose(): void }>;
}

/** PGlite always; PostgreSQL when BENCH_DATABASE_URL is set (its domain tables are emptied: a throwaway database). */
export function benchEngines(prefix: string, only?: string[]): Engine[] {
  const engines: Engine[] = [
    {
      name: 'PGlite',
      async prepare() {
        const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-pglite-`));
        return { kind: 'pglite', dataDir, dispose: () => rmSync(dataDir, { recursive: true, force: true }) };
      },
    },
  ];
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    engines.push({
      name: 'PostgreSQL',
      async prepare() {
        await emptyPostgres(url);
        const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-pg-`));
        return {
          kind: 'postgres',
          url,
          dataDir,
          dispose: () => rmSync(dataDir, { recursive: true, force: true }),
        };
      },
    });
  }
  // 'postgres' and 'postgresql' both name PostgreSQL (bench/statistics.ts says 'postgres').
  const wanted = only?.map((name) => (name === 'postgres' ? 'postgresql' : name));
  return wanted ? engines.filter((engine) => wanted.includes(engine.name.toLowerCase())) : engines;
}

export async function emptyPostgres(url: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await migrateToLatest(database.db);
    await emptyDomainTables(database.db);
  } finally {
    await database.close();
  }
}
