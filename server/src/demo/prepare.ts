import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../infrastructure/config/config.ts';
import type { DB } from '../infrastructure/db/types.ts';
import {
  formatAccounts,
  listDemoAccounts,
  replacePublishedDemoPasswords,
  writeAccountsFile,
} from './accounts.ts';
import { ensureDemoIngestKeys } from './ingest-keys.ts';
import { seedDemoIfEmpty } from './seed.ts';

/**
 * In MODE=demo: fill an empty database with demo data (config.DEMO_SIZE) and its accounts, then write
 * DATA_DIR/demo-accounts.json and print the accounts, at every start; make sure DATA_DIR/demo-ingest-keys.json
 * holds a working ingest key per platform.
 */
export async function prepareDemo(options: { config: Config; db: Kysely<DB>; log: FastifyBaseLogger }) {
  const { config, db, log } = options;
  const started = Date.now();
  const seeded = await seedDemoIfEmpty(db, {
    size: config.DEMO_SIZE,
    // The seeding moment: incidents are minutes to weeks old when the demo is first opened.
    now: new Date(),
    settings: config,
    progress: (message) => log.info(`demo data: ${message}`),
  });
  if (seeded) log.info(`demo data (${config.DEMO_SIZE}) seeded in ${Date.now() - started} ms`);
  const replaced = await replacePublishedDemoPasswords(db, config);
  if (replaced > 0)
    log.info(`demo data: ${replaced} accounts had published passwords and got generated ones`);
  const accounts = await listDemoAccounts(db);
  const file = await writeAccountsFile(config.DATA_DIR, accounts);
  const keysFile = await ensureDemoIngestKeys(db, config.DATA_DIR);
  log.info(`demo ingest keys (one per platform) in ${keysFile}`);
  // A terminal gets a table; a log collector gets the accounts as data, their passwords only in the file.
  if (process.stdout.isTTY) log.info(`demo accounts (also in ${file}):\n${formatAccounts(accounts)}`);
  else
    log.info(
      { file, accounts: accounts.map(({ password: _password, ...account }) => account) },
      'demo accounts (passwords in the file)',
    );
}
