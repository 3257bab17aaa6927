/** The data bench/frontend.ts measures on: the small demo set plus one 5,000-device customer of Northwind. */
import type { FastifyBaseLogger } from 'fastify';
import { prepareDemo } from '../../server/src/demo/prepare.ts';
import { loadConfig } from '../../server/src/infrastructure/config/config.ts';
import { openDatabase } from '../../server/src/infrastructure/db/database.ts';
import { migrateToLatest } from '../../server/src/infrastructure/db/migrate.ts';
import { addCustomers } from './demo.ts';

export const BIG_CUSTOMER_DEVICES = 5_000;

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/**
 * Seeds a PGlite data directory (before any server opens it): the small demo data and one customer with
 * 5,000 devices for the dealer `dealerEmail`. Returns that customer's id.
 */
export async function seedFrontendData(dataDir: string, dealerEmail: string): Promise<string> {
  const config = loadConfig({ MODE: 'demo', DEMO_SIZE: 'small', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateToLatest(database.db);
    await prepareDemo({ config, db: database.db, log: quiet });
    const dealer = await database.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', dealerEmail)
      .executeTakeFirstOrThrow();
    const [orgId] = await addCustomers(database, dealer.company_id, {
      count: 1,
      devices: BIG_CUSTOMER_DEVICES,
      seed: BIG_CUSTOMER_DEVICES,
    });
    return orgId!;
  } finally {
    await database.close();
  }
}
