import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../infrastructure/config/config.ts';
import { backupDatabase } from '../operations/backup.ts';

const USAGE = 'npm run backup -- --out FILE';

/**
 * `npm run backup -- --out FILE`: a consistent backup of the configured database (DATABASE_URL, or PGlite
 * in DATA_DIR) while the portal runs or not; docs/operations.md "Backup and restore".
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error(USAGE);
    return 2;
  }
  try {
    const config = loadConfig();
    const started = Date.now();
    const { header, fromRunningPortal } = await backupDatabase(config, values.out);
    console.info(
      `backed up ${header.engine} (${header.engineVersion}, migration ${header.migration || 'none'}) ${fromRunningPortal ? ' from the running portal' : ''} to ${values.out}: ${(header.payloadBytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (error) {
    console.error(
      error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`,
    );
    return 1;
  }
}

process.exitCode = await main();
