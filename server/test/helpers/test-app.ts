import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh database, driven through `app.inject`. `env` overrides configuration. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { webDist?: string } = {},
): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, logger: false, webDist: options.webDist ?? '/nonexistent' });
  await app.ready();
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
