import { parseArgs } from 'node:util';
import { formatAccounts, listDemoAccounts, writeAccountsFile } from '../demo/accounts.ts';
import { emptyDomainTables } from '../demo/reset.ts';
import { seedDemoIfEmpty } from '../demo/seed.ts';
import { loadConfig } from '../infrastructure/config/config.ts';
import { DEMO_SIZES, type DemoSize } from '../infrastructure/config/demo-size.ts';
import { configuredDatabase, openDatabase } from '../infrastructure/db/database.ts';
import { migrateToLatest } from '../infrastructure/db/migrate.ts';

/**
 * `npm run seed -- [--size small|large] [--reset]`: fills the configured database (DATABASE_URL, or
 * PGlite in DATA_DIR) with demo data. Refuses a database that already holds data unless --reset.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { size: { type: 'string', default: 'small' }, reset: { type: 'boolean', default: false } },
  });
  if (!DEMO_SIZES.includes(values.size as DemoSize)) {
    console.error(`--size must be one of ${DEMO_SIZES.join(', ')}`);
    return 2;
  }
  const size = values.size as DemoSize;
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase(configuredDatabase(config));
  try {
    await migrateToLatest(database.db);
    if (values.reset) {
      await emptyDomainTables(database.db);
      console.info('emptied the domain tables');
    }
    const seeded = await seedDemoIfEmpty(database.db, {
      size,
      // The seeding moment: incidents are minutes to weeks old when the demo is first opened.
      now: new Date(),
      settings: config,
      progress: (message) => console.info(message),
    });
    if (!seeded) {
      console.error('The database already holds data; run with --reset to replace it.');
      return 1;
    }
    const accounts = await listDemoAccounts(database.db);
    const file = await writeAccountsFile(config.DATA_DIR, accounts);
    console.info(`demo accounts (also in ${file}):\n${formatAccounts(accounts)}`);
    console.info(
      `seeded ${size} demo data on ${database.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
