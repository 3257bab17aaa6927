import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './infrastructure/config/config.ts';
import { configuredDatabase, openDatabase } from './infrastructure/db/database.ts';
import { migrateToLatest } from './infrastructure/db/migrate.ts';
import { shutDownGracefully } from './infrastructure/http/graceful-close.ts';
import { batchedStdout } from './infrastructure/http/log-destination.ts';
import { terminalLogger } from './infrastructure/http/terminal-log.ts';
import { serveBackupSocket } from './operations/backup-socket.ts';

/** The process shell: read config, open and migrate the database, seed demo data, listen, shut down gracefully. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(configuredDatabase(config));
  await migrateToLatest(database.db);
  // A person at a terminal reads lines; anything else (a log collector, a file) gets JSON.
  const logger = process.stdout.isTTY ? terminalLogger() : { stream: batchedStdout() };
  const app = await buildApp({ config, database, logger });
  // PGlite is this process's alone: `npm run backup` asks it for a dump over a socket (docs/operations.md).
  const closeBackupSocket =
    database.kind === 'pglite' ? await serveBackupSocket(database, config.DATA_DIR, app.log) : undefined;
  app.addHook('onClose', async () => {
    await closeBackupSocket?.();
    await database.close();
  });

  // Loaded only in MODE=demo: a production process never reads demo/ (nor @faker-js/faker, its seeder's).
  const demo =
    config.MODE === 'demo'
      ? await (await import('./demo/demo-mode.ts')).startDemoMode({ app, config, db: database.db })
      : undefined;

  // SIGTERM/SIGINT: drain, then close (decision 0028); whatever still runs after SHUTDOWN_SECONDS is cut
  // (close-with-grace exits with 1), and a second signal exits at once.
  closeWithGrace({ delay: config.SHUTDOWN_SECONDS * 1000 }, async ({ signal, err }) => {
    if (err) {
      app.log.error({ err }, 'shutting down after an error');
      await app.close();
      return;
    }
    app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down: draining');
    await shutDownGracefully(app, config.SHUTDOWN_DRAIN_SECONDS);
    app.log.info('shut down');
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Partner Portal (${config.MODE}, ${database.kind}) on ${config.PUBLIC_URL}`);
  await demo?.afterListen();
}

await main();
