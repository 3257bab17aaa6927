import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/infrastructure/config/config.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { generateAdminKeyEnv } from '../../src/services/identity/admin-credentials.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** Set when started with `listen: true`. */
  url?: string;
  /** MODE=production without an SMTP_URL of the test's own: the SMTP server its mail goes to. */
  smtp?: SmtpSink;
  close(): Promise<void>;
}

export interface TestAppOptions {
  webDist?: string;
  /**
   * Listen on a free port with PUBLIC_URL pointing at it: needed when the server calls itself, as the
   * reseller service does through the AWS SDK for member accounts.
   */
  listen?: boolean;
  /** Reuse a database (e.g. two server processes on one database). */
  database?: Database;
}

/** The real app on a fresh database, driven through `app.inject` (or HTTP when listening). */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const port = options.listen ? await freePort() : undefined;
  const production = env.MODE === 'production';
  // Production refuses to start without SMTP and an https PUBLIC_URL: a test gets a real SMTP server on
  // loopback and a public URL of its own (the app is still reached at `url` or through inject).
  const smtp = production && !env.SMTP_URL ? await startSmtpSink() : undefined;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    // The job queue only where a test asks for it (JOBS: 'true'): it costs a schema and pollers per app.
    JOBS: 'false',
    // The warm-up at start (SRP group, signing keys) only where a test asks for it: ~1.5 s per file.
    WARM_UP: 'false',
    // Production needs admin keys from the environment; a test gets fresh ones.
    ...(production ? generateAdminKeyEnv() : {}),
    ...(port ? { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...(production ? { PUBLIC_URL: 'https://portal.test.example' } : {}),
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...env,
  });
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({
    config,
    database,
    logger: false,
    webDist: options.webDist ?? '/nonexistent',
    // Every route test also checks the route's responses against its contract.
    validateResponses: true,
  });
  if (port) await app.listen({ port, host: '127.0.0.1' });
  else await app.ready();
  return {
    app,
    config,
    database,
    ...(port ? { url: `http://127.0.0.1:${port}` } : {}),
    ...(smtp ? { smtp } : {}),
    close: async () => {
      await app.close();
      if (ownsDatabase) await database.close();
      await smtp?.close();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
