import { parseArgs } from 'node:util';
import { INGEST_PLATFORMS, type IngestPlatform } from '@portal/contracts/ingest';
import { createIngestKey, listIngestKeys, revokeIngestKey } from '../domain/ingest/ingest-keys.ts';
import { loadConfig } from '../infrastructure/config/config.ts';
import { configuredDatabase, openDatabase } from '../infrastructure/db/database.ts';
import { migrateToLatest } from '../infrastructure/db/migrate.ts';

const USAGE = `npm run keys -- create --platform VORTEX|VSS --name <name>
npm run keys -- revoke <id or name>
npm run keys -- list`;

/**
 * Ingest keys of the configured database (DATABASE_URL, or PGlite in DATA_DIR): a new key is printed
 * once (only its hash is stored); revoked keys are refused from the next request on.
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { platform: { type: 'string' }, name: { type: 'string' } },
  });
  const [command, target] = positionals;
  if (command === 'create') {
    if (!INGEST_PLATFORMS.includes(values.platform as IngestPlatform) || !values.name?.trim()) {
      console.error(USAGE);
      return 2;
    }
  } else if (!(command === 'list' || (command === 'revoke' && target))) {
    console.error(USAGE);
    return 2;
  }

  const config = loadConfig();
  const database = await openDatabase(configuredDatabase(config));
  try {
    await migrateToLatest(database.db);
    if (command === 'create') {
      const key = await createIngestKey(
        database.db,
        values.platform as IngestPlatform,
        values.name as string,
      );
      console.info(
        `created ${key.platform} key "${key.name}" (${key.id}); it is shown only now:\n${key.key}`,
      );
    } else if (command === 'revoke') {
      const revoked = await revokeIngestKey(database.db, target as string);
      console.info(revoked > 0 ? `revoked ${revoked} key(s)` : 'no live key of that id or name');
      if (revoked === 0) return 1;
    } else {
      for (const key of await listIngestKeys(database.db))
        console.info(
          `${key.id}  ${key.platform.padEnd(6)}  ${key.revoked_at ? 'revoked' : 'live   '}  ${key.name}`,
        );
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
