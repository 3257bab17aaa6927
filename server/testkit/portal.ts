import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/infrastructure/config/config.ts';
import type { Database } from '../src/infrastructure/db/database.ts';
import { generateAdminKeyEnv } from '../src/services/identity/admin-credentials.ts';

/**
 * A production configuration for a portal in a tool's own process: silent, any free port, admin keys of its own.
 * Production refuses to start without a public URL and a mail server; such a portal sends no mail.
 */
export function inProcessConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    MODE: 'production',
    PUBLIC_URL: 'https://portal.bench.example',
    SMTP_URL: 'smtp://127.0.0.1:9',
    PORT: '0',
    ...generateAdminKeyEnv(),
    ...env,
  });
}

export interface InProcessPortal {
  app: FastifyInstance;
  /** Where it listens, e.g. http://127.0.0.1:41234. */
  url: string;
  close(): Promise<void>;
}

/** The real app on an open database, listening on a free local port, without the web app's files. */
export async function startInProcessPortal(database: Database, config: Config): Promise<InProcessPortal> {
  const app = await buildApp({ config, database, logger: false, webDist: '/nonexistent' });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, close: () => app.close() };
}
