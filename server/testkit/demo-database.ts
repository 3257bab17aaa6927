import { sql } from 'kysely';
import { emptyDomainTables } from '../src/demo/reset.ts';
import { seedDemoIfEmpty, seedingDay } from '../src/demo/seed.ts';
import type { Config } from '../src/infrastructure/config/config.ts';
import type { DemoSize } from '../src/infrastructure/config/demo-size.ts';
import type { Database } from '../src/infrastructure/db/database.ts';
import { migrateToLatest } from '../src/infrastructure/db/migrate.ts';

/** The sources a seeded demo database depends on (a cache of one is stale when any of them changes). */
export const DEMO_SOURCE_DIRS = ['server/src/demo', 'server/src/infrastructure/db/migrations'] as const;

/**
 * Migrates the database, empties it (a PostgreSQL database may hold an earlier run's data) and seeds the demo
 * data of `size` as the server would on the seeding day. With `vacuum`, ends as autovacuum would after a bulk load.
 */
export async function seedDemoDatabase(
  database: Database,
  options: { size: DemoSize; settings: Config; vacuum?: boolean; progress?: (line: string) => void },
): Promise<void> {
  await migrateToLatest(database.db);
  await emptyDomainTables(database.db);
  await seedDemoIfEmpty(database.db, {
    size: options.size,
    now: seedingDay(),
    settings: options.settings,
    ...(options.progress ? { progress: options.progress } : {}),
  });
  if (options.vacuum) await sql`vacuum analyze`.execute(database.db);
}
