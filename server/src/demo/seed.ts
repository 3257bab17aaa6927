import { type Kysely, sql } from 'kysely';
import type { DemoSize } from '../infrastructure/config/demo-size.ts';
import type { DB } from '../infrastructure/db/types.ts';
import type { PoolSettings } from '../services/identity/users.ts';
import { createDemoAccounts } from './accounts.ts';
import { generateDemoData } from './generate.ts';
import { insertDemoData } from './insert.ts';

export interface SeedOptions {
  size: DemoSize;
  /** Anchor of every generated date. */
  now: Date;
  settings: PoolSettings;
  progress?: (message: string) => void;
}

/** Any number stable across processes: serialises concurrent seeders on one PostgreSQL server. */
const SEED_LOCK = 7_320_251;

/**
 * The seeding day at 00:00 UTC: the same data all day, for the benches and e2e pools that cache a seeded
 * database per day. The server and `npm run seed` anchor on the seeding moment instead (fresh incident ages).
 */
export function seedingDay(now = new Date()): Date {
  return new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
}

/**
 * Seeds the demo data and its accounts in one transaction, unless the database already holds companies.
 * Returns whether it seeded. Safe when several server processes start at once.
 */
export async function seedDemoIfEmpty(db: Kysely<DB>, options: SeedOptions): Promise<boolean> {
  const progress = options.progress ?? (() => {});
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('companies').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    progress(`generating ${options.size} demo data`);
    const data = generateDemoData(options.size, options.now);
    await insertDemoData(trx, data, progress);
    progress(`creating ${data.accounts.length} demo accounts`);
    await createDemoAccounts(trx, data.accounts, options.settings);
    return true;
  });
}
