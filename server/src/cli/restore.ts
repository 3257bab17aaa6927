import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../infrastructure/config/config.ts';
import { restoreDatabase } from '../operations/restore.ts';

const USAGE = 'npm run restore -- FILE [--force]';

/**
 * `npm run restore -- FILE [--force]`: puts a backup in place of the configured database (DATABASE_URL, or
 * PGlite in DATA_DIR). Refuses a database that holds data unless --force, and a damaged file always.
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  try {
    const config = loadConfig();
    const started = Date.now();
    const { header, previous } = await restoreDatabase(config, file, values.force);
    console.info(
      `restored the ${header.engine} backup of ${header.createdAt} (migration ${header.migration || 'none'}) in ${((Date.now() - started) / 1000).toFixed(1)} s${previous ? `; the replaced data folder is now ${previous}` : ''}`,
    );
    return 0;
  } catch (error) {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Restore refused: ${(error as Error).message}\nNothing was changed.`,
    );
    return 1;
  }
}

process.exitCode = await main();
