import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import { tracingEnabled } from '../config/tracing-switch.ts';
import type { Database } from '../db/database.ts';

/**
 * The durable job queue every process shares: pg-boss, in the `pgboss` schema of our own database. Jobs are
 * rows, claimed with SKIP LOCKED, retried when a handler throws or its process dies (decision 0017). On
 * PostgreSQL it has a small pool of its own; on PGlite it takes turns on the one connection.
 */
export async function startPgBoss(database: Database, log: FastifyBaseLogger): Promise<PgBoss> {
  const connection = database.jobQueue;
  // Expiry of jobs whose process died runs with the queue monitor: every 5 s, not the default minute, so a
  // webhook delivery cut by a crash is attempted again soon after its expireInSeconds (decision 0019).
  const timers = { superviseIntervalSeconds: 5, monitorIntervalSeconds: 5 };
  // With tracing on (issue 26), a job's span continues the trace of the request or job that sent it; off,
  // pg-boss makes no spans at all.
  const openTelemetry = { enabled: tracingEnabled(), propagateContext: true };
  const boss =
    connection.kind === 'postgres'
      ? new PgBoss({ connectionString: connection.connectionString, max: 3, openTelemetry, ...timers })
      : new PgBoss({
          db: { executeSql: connection.executeSql },
          backend: 'pglite',
          openTelemetry,
          ...timers,
        });
  boss.on('error', (error) => log.error({ err: error }, 'job queue'));
  await boss.start();
  return boss;
}
