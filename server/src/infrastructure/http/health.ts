import type { FastifyInstance } from 'fastify';
import { SHUTDOWN_RETRY_AFTER_SECONDS } from './graceful-close.ts';

/** /readyz answers 503 rather than wait longer than this for the database. */
const READY_TIMEOUT_MS = 3000;

/**
 * /healthz: the process is alive. /readyz: the process takes work (it is not shutting down) and the database
 * answers, within READY_TIMEOUT_MS; a load balancer checks it (deploy/haproxy.cfg).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (app.shutdown.draining)
      return reply
        .status(503)
        .header('retry-after', String(SHUTDOWN_RETRY_AFTER_SECONDS))
        .send({ status: 'shutting down' });
    try {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        app.database.ping(),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
}
