import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { deleteExpiredAudit } from '../domain/audit/retention.ts';
import { sweepDueDevices } from '../domain/incidents/engine.ts';
import { evaluateLicenseIncidents } from '../domain/incidents/license-incidents.ts';
import { pruneIngestReceipts } from '../domain/ingest/ingest-keys.ts';
import { todayUtc } from '../domain/statistics/today.ts';
import type { Config } from '../infrastructure/config/config.ts';
import type { Database } from '../infrastructure/db/database.ts';
import { startPgBoss } from '../infrastructure/jobs/job-queue.ts';
import { noteIncidentCause } from '../infrastructure/observability/job-trace.ts';
import { noRecorder, type OperationsRecorder } from '../infrastructure/observability/recorder.ts';
import { startMailJobs } from './mail-jobs.ts';
import { startWebhookJobs } from './webhook-jobs.ts';

/** Background work of this process: what the rest of the server may ask of it. */
export interface Background {
  /** Asks for an engine pass at `at` (a debounce or a mute ends then). */
  evaluateAt(at: Date): Promise<void>;
  /**
   * Stops taking jobs and waits up to `graceMs` for those running; what is still running then is failed,
   * which puts it back in the queue for another process (its retries).
   */
  stop(graceMs?: number): Promise<void>;
}

const QUEUES = {
  /** The engine's pass over devices whose time came; one queued job per second of due time. */
  evaluate: 'incidents.evaluate',
  licenses: 'incidents.licenses',
  prune: 'ingest.prune-receipts',
  auditRetention: 'audit.retention',
} as const;

/** A process with JOBS=false: the others do the work; this one only asks. */
const idle: Background = { evaluateAt: async () => {}, stop: async () => {} };

/**
 * Queues, schedules and workers (decision 0017): the engine pass when asked and every minute as a backstop
 * (a request that committed but died before asking loses nothing), license incidents at start and daily,
 * receipt pruning hourly, audit entries past AUDIT_RETENTION_DAYS daily. Every process may work; pg-boss hands each job to one.
 */
export async function startBackground(options: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  recorder?: OperationsRecorder;
}): Promise<Background> {
  const { config, database, log } = options;
  const recorder = options.recorder ?? noRecorder;
  if (!config.JOBS) return idle;
  const boss: PgBoss = await startPgBoss(database, log);
  const { db } = database;

  await boss.createQueue(QUEUES.evaluate, { policy: 'short', retryLimit: 5, retryDelay: 1 });
  await boss.createQueue(QUEUES.licenses, { policy: 'short', retryLimit: 5, retryBackoff: true });
  await boss.createQueue(QUEUES.prune, { policy: 'short' });
  await boss.createQueue(QUEUES.auditRetention, { policy: 'short', retryLimit: 3, retryBackoff: true });

  const evaluateAt = async (at: Date) => {
    const second = Math.ceil(at.getTime() / 1000);
    await boss.send(QUEUES.evaluate, null, {
      startAfter: new Date(second * 1000),
      singletonKey: String(second),
    });
  };

  await boss.work(QUEUES.evaluate, { pollingIntervalSeconds: 1 }, async () => {
    // The cause is noted before each commit: the fan-out the commit wakes may run before the sweep returns.
    const result = await sweepDueDevices(db, config.INCIDENT_DEBOUNCE_SECONDS, noteIncidentCause);
    recorder.incidents(result.tally);
    if (result.evaluated > 0)
      log.debug({ evaluated: result.evaluated, opened: result.opened }, 'incident engine pass');
    if (result.nextAt) await evaluateAt(result.nextAt);
  });
  await boss.work(QUEUES.licenses, async () => {
    const result = await evaluateLicenseIncidents(db, todayUtc());
    recorder.incidents({ opened: { LICENSE: result.opened }, resolved: { LICENSE: result.resolved } });
    log.info(result, 'license incidents checked');
  });
  await boss.work(QUEUES.prune, async () => {
    await pruneIngestReceipts(db);
  });
  await boss.work(QUEUES.auditRetention, async () => {
    const deleted = await deleteExpiredAudit(db, config.AUDIT_RETENTION_DAYS);
    log.info({ deleted, days: config.AUDIT_RETENTION_DAYS }, 'audit entries past retention deleted');
  });

  await boss.schedule(QUEUES.evaluate, '* * * * *');
  await boss.schedule(QUEUES.licenses, '5 0 * * *');
  await boss.schedule(QUEUES.prune, '17 * * * *');
  await boss.schedule(QUEUES.auditRetention, '35 3 * * *');
  await boss.send(QUEUES.licenses, null, { singletonKey: 'start' });
  await evaluateAt(new Date());
  const stopMail = await startMailJobs({ boss, config, database, log, recorder });
  const webhooks = await startWebhookJobs({ boss, config, database, log, recorder });

  return {
    evaluateAt: async (at) => {
      try {
        await evaluateAt(at);
      } catch (error) {
        // The minute's backstop pass will do it.
        log.warn({ err: error }, 'could not ask for an engine pass');
      }
    },
    stop: async (graceMs = 5000) => {
      await stopMail();
      await webhooks.stop();
      await boss.stop({ graceful: true, timeout: graceMs });
    },
  };
}
