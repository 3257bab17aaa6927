/**
 * The e2e web server (playwright.config.ts's webServer, and the fault spec's own server): the real portal as
 * server/src/main.ts starts it (configuration from the environment, the database migrated, demo mode, its jobs,
 * PORT), in this process, and beside it the test kit's control endpoint on 127.0.0.1:E2E_KIT_PORT, so that
 * the fixtures make each test's companies on the portal's own database while it runs (PGlite is one
 * process's). The product has no test branch: the control endpoint is this file's.
 */
import {
  buildApp,
  configuredDatabase,
  loadConfig,
  migrateToLatest,
  openDatabase,
  startDemoMode,
} from '@portal/server/testkit';
import { startControlServer } from './control-server.ts';

const kitPort = Number(process.env.E2E_KIT_PORT);
const kitToken = process.env.E2E_KIT_TOKEN ?? '';
if (!kitPort || kitToken.length < 32)
  throw new Error('E2E_KIT_PORT and E2E_KIT_TOKEN (32+ characters) are required');

const config = loadConfig();
const database = await openDatabase(configuredDatabase(config));
await migrateToLatest(database.db);
const app = await buildApp({ config, database, logger: {} });
app.addHook('onClose', () => database.close());
const demo = config.MODE === 'demo' ? await startDemoMode({ app, config, db: database.db }) : undefined;
const control = await startControlServer(database, config, { port: kitPort, token: kitToken });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    control.close();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
await demo?.afterListen();
