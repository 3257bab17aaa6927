/** The benches that measure the real app in their own process: the databases they run on, and the portal. */
import {
  type Database,
  type DemoSize,
  type InProcessPortal,
  inProcessConfig,
  openDatabase,
  seedDemoDatabase,
  startInProcessPortal,
} from '@portal/server/testkit';

export interface InProcessTarget {
  name: 'PGlite' | 'PostgreSQL';
  open(): Promise<Database>;
}

/**
 * PGlite in memory, and PostgreSQL when BENCH_DATABASE_URL is set (its domain tables are emptied first), of
 * those `engines` names ('postgres' and 'postgresql' both name PostgreSQL).
 */
export function inProcessTargets(engines: string[]): InProcessTarget[] {
  const wanted = engines.map((name) => (name === 'postgres' ? 'postgresql' : name));
  const targets: InProcessTarget[] = [];
  if (wanted.includes('pglite'))
    targets.push({ name: 'PGlite', open: () => openDatabase({ kind: 'pglite' }) });
  const url = process.env.BENCH_DATABASE_URL;
  if (url && wanted.includes('postgresql'))
    targets.push({ name: 'PostgreSQL', open: () => openDatabase({ kind: 'postgres', url }) });
  return targets;
}

/**
 * Opens the target, seeds the demo data of `size`, lets `prepare` add what the bench needs, starts the app on
 * it and runs `measure`; closes both whatever happens.
 */
export async function withSeededPortal<T>(
  target: InProcessTarget,
  size: DemoSize,
  prepare: (database: Database) => Promise<T>,
  measure: (portal: InProcessPortal, database: Database, prepared: T) => Promise<void>,
): Promise<void> {
  const database = await target.open();
  try {
    const config = inProcessConfig();
    await seedDemoDatabase(database, { size, settings: config });
    const prepared = await prepare(database);
    const portal = await startInProcessPortal(database, config);
    try {
      await measure(portal, database, prepared);
    } finally {
      await portal.close();
    }
  } finally {
    await database.close();
  }
}
