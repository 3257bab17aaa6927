import type { FastifyBaseLogger } from 'fastify';
import { fromKysely, type Job, type PgBoss } from 'pg-boss';
import {
  type AttemptRecord,
  attemptMessage,
  companyOwner,
  DISABLE_AFTER_FAILURES,
  type DispatchSettings,
  type Enqueue,
  fanOut,
  loadDue,
  pruneWebhookLog,
  recordAttempts,
} from '../domain/notifications/webhooks/dispatch.ts';
import type { Config } from '../infrastructure/config/config.ts';
import type { Database } from '../infrastructure/db/database.ts';
import {
  annotateSpan,
  traceCarrier,
  withCarriedSpan,
  withIncidentCauses,
} from '../infrastructure/observability/job-trace.ts';
import type { OperationsRecorder } from '../infrastructure/observability/recorder.ts';
import { createMailer } from '../mail/mailer.ts';

/**
 * Webhook deliveries on pg-boss (decision 0019). The fan-out is a job (asked for on each NOTIFY of the
 * capture trigger, and every minute as a backstop); it enqueues one delivery job per message in the
 * transaction that creates the message. Delivery jobs are grouped by webhook: pg-boss hands out at most
 * PER_WEBHOOK of one webhook's jobs at a time, across all processes, so a receiver that hangs holds its own
 * slots and nobody else's. An attempt is logged, its job completed and its retry (if any) enqueued in one
 * transaction; a process that dies mid-attempt leaves the job active until it expires, and pg-boss hands it
 * out again (same message, same webhook-id).
 */

const QUEUES = {
  fanOut: 'webhooks.fan-out',
  deliver: 'webhooks.deliver',
  prune: 'webhooks.prune',
} as const;

/** The channel migration 0011's trigger notifies when it captured incident events. */
const PENDING_CHANNEL = 'webhook_pending';
/** Attempts of one webhook in flight at once in a process (a receiver sees at most this many from it). */
const LANES = 16;
/**
 * Jobs of one webhook handed out at once, all processes together (pg-boss group concurrency): the attempts
 * in flight and those waiting for a lane, so a fast receiver never waits for the next fetch. A receiver that
 * hangs holds these, nobody else's.
 */
const PER_WEBHOOK = 48;
/** Jobs fetched at once. */
const BATCH = 48;
/**
 * Jobs in hand at once in a process, all webhooks together, not counting those waiting for their webhook's
 * lane: a receiver that hangs holds LANES of these until its timeout, the rest keep flowing.
 */
const IN_HAND = 256;
/** How often an idle process looks for jobs it was not woken for (another process's fan-out). */
const POLL_MS = 500;
/** Attempts logged per transaction, at most this many… */
const FLUSH_AT = 200;
/** …or what came within this long (at once when no other attempt is in flight). */
const FLUSH_AFTER_MS = 20;

interface DeliveryData {
  messageId: string;
  attempt: number;
  /** The fan-out's trace context, when tracing is on: the attempt's span continues it. */
  trace?: Record<string, string>;
}

export function dispatchSettings(config: Config): DispatchSettings {
  return {
    publicUrl: config.PUBLIC_URL,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    retryBaseSeconds: config.WEBHOOK_RETRY_BASE_SECONDS,
    userAgent: `PartnerPortal-Webhooks/${config.version} (+${config.PUBLIC_URL})`,
    testIntervalSeconds: config.WEBHOOK_TEST_INTERVAL_SECONDS,
  };
}

export async function startWebhookJobs(options: {
  boss: PgBoss;
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  recorder: OperationsRecorder;
}): Promise<{ stop(): Promise<void> }> {
  const { boss, config, database, log, recorder } = options;
  const { db } = database;
  const settings = dispatchSettings(config);
  const mail = createMailer({ config, db, log, recorder });
  // A job may wait for its webhook's lane behind the others handed out with it, then take its own attempt
  // (each at most the timeout); past that pg-boss takes the job back (its process died) and hands it out again.
  const expireInSeconds = Math.ceil(config.WEBHOOK_TIMEOUT_SECONDS) * (PER_WEBHOOK / LANES + 1) + 5;

  await boss.createQueue(QUEUES.fanOut, { policy: 'short', retryLimit: 5, retryDelay: 1 });
  // Retries here are for a handler that failed (database away) or a job whose process died; the
  // receiver's failures are retried by new jobs on our own schedule (WEBHOOK_RETRY_BASE_SECONDS).
  await boss.createQueue(QUEUES.deliver, {
    policy: 'standard',
    retryLimit: 20,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 300,
    deleteAfterSeconds: 24 * 3600,
  });
  await boss.createQueue(QUEUES.prune, { policy: 'short' });
  // The queue's row in pg-boss's cache: an insert inside our transaction must not need a lookup of its own
  // (on PGlite that lookup would wait for the connection the transaction holds).
  await boss.getQueue(QUEUES.deliver);
  await boss.insert(QUEUES.deliver, []);

  const enqueue: Enqueue = async (trx, jobs) => {
    const trace = traceCarrier();
    for (let i = 0; i < jobs.length; i += 1000) {
      await boss.insert(
        QUEUES.deliver,
        jobs.slice(i, i + 1000).map((job) => ({
          data: {
            messageId: job.messageId,
            attempt: job.attempt,
            ...(trace ? { trace } : {}),
          } satisfies DeliveryData,
          group: { id: job.webhookId },
          expireInSeconds,
          ...(job.startAfter ? { startAfter: job.startAfter } : {}),
        })),
        { db: fromKysely(trx) },
      );
    }
  };

  /** The delivery pump of this process sleeps until woken: slots freed up or jobs arrived. */
  let wakePump = () => {};
  /** Woken while it was fetching: it looks again before it sleeps. */
  let woken = false;
  const wakeWorkers = () => {
    woken = true;
    wakePump();
  };

  const tellOwner = async (webhook: { companyId: string; name: string; url: string }) => {
    const owner = await companyOwner(db, webhook.companyId);
    if (!owner) return;
    await mail.send({
      to: owner.email,
      locale: owner.locale,
      template: 'webhook-disabled',
      params: {
        name: webhook.name,
        url: webhook.url,
        failures: String(DISABLE_AFTER_FAILURES),
        link: `${config.PUBLIC_URL}/my-company`,
      },
    });
  };

  // Attempts are logged in batches across the workers (one transaction for many), each with its job's
  // completion: a result not yet written when the process dies leaves its job active, to be handed out again.
  interface Entry extends AttemptRecord {
    job: Job<DeliveryData>;
    done: { resolve(): void; reject(error: unknown): void };
  }
  let unrecorded: Entry[] = [];
  let flushing: Promise<void> | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  const writeBatch = async (batch: Entry[]) => {
    const disabled = await recordAttempts(db, batch, {
      retryBaseSeconds: settings.retryBaseSeconds,
      enqueue,
      settle: async (trx) => {
        await boss.complete(
          QUEUES.deliver,
          batch.map(({ job }) => ({ id: job.id, retryCount: job.retryCount })),
          null,
          { db: fromKysely(trx) },
        );
      },
    });
    for (const webhook of disabled) {
      log.warn({ webhookId: webhook.webhookId }, 'webhook disabled after consecutive failures');
      await tellOwner(webhook).catch((error) => log.error({ err: error }, 'webhook disabled mail'));
    }
  };
  const flush = async (): Promise<void> => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    while (flushing) await flushing;
    const batch = unrecorded;
    unrecorded = [];
    if (batch.length === 0) return;
    flushing = (async () => {
      try {
        // Once more on a conflict (a webhook deleted meanwhile can deadlock with us); then the jobs fail
        // and pg-boss retries them.
        await writeBatch(batch).catch(() => writeBatch(batch));
        for (const entry of batch) entry.done.resolve();
        // Their webhooks' slots are free again.
        wakeWorkers();
      } catch (error) {
        log.error({ err: error, attempts: batch.length }, 'could not log webhook attempts');
        for (const entry of batch) entry.done.reject(error);
      }
    })();
    await flushing;
    flushing = undefined;
  };
  /** Attempts started and not yet handed to `record`. */
  let attempting = 0;
  const record = (entry: Omit<Entry, 'done'>) =>
    new Promise<void>((resolve, reject) => {
      unrecorded.push({ ...entry, done: { resolve, reject } });
      if (unrecorded.length >= FLUSH_AT || attempting === 0) void flush();
      else flushTimer ??= setTimeout(() => void flush(), FLUSH_AFTER_MS);
    });

  /** Per webhook: attempts in flight in this process, and those waiting for a lane. */
  const lanes = new Map<string, { running: number; waiting: (() => void)[] }>();
  const waitingForLane = () => {
    let waiting = 0;
    for (const lane of lanes.values()) waiting += lane.waiting.length;
    return waiting;
  };
  const withLane = async <T>(webhookId: string, run: () => Promise<T>): Promise<T> => {
    let lane = lanes.get(webhookId);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      lanes.set(webhookId, lane);
    }
    if (lane.running >= LANES) await new Promise<void>((resolve) => lane?.waiting.push(resolve));
    lane.running += 1;
    try {
      return await run();
    } finally {
      lane.running -= 1;
      const next = lane.waiting.shift();
      if (next) next();
      else if (lane.running === 0) lanes.delete(webhookId);
    }
  };

  // Jobs are fetched from pg-boss and completed by `record`, not handled by boss.work(): a work() handler
  // holds its worker until the slowest attempt of its batch ends, so a receiver that hangs, its jobs spread
  // over every worker's batch, held them all for its timeout and nobody else's deliveries were fetched. Here
  // each job is let go of as soon as its own attempt is logged. A job fetched and not completed (the process
  // died) stays active until it expires, and pg-boss hands it out again.
  let inHand = 0;
  let stopping = false;
  const deliveries = new Set<Promise<void>>();

  const deliver = async (jobs: Job<DeliveryData>[]): Promise<void> => {
    const settled = new Set<string>();
    const settle = (done: Job<DeliveryData>[]) => {
      for (const job of done) settled.add(job.id);
      inHand -= done.length;
    };
    try {
      const due = await loadDue(
        db,
        jobs.map((job) => job.data),
      );
      const jobOf = new Map(jobs.map((job) => [`${job.data.messageId}:${job.data.attempt}`, job]));
      const outcomes = await Promise.allSettled(
        due.map(async (message) => {
          const job = jobOf.get(`${message.id}:${message.attempt}`) as Job<DeliveryData>;
          const attempt = { 'webhook.id': message.webhookId, 'webhook.attempt': message.attempt };
          const result = await withLane(message.webhookId, () =>
            withCarriedSpan('webhook.deliver', job.data.trace, attempt, async () => {
              attempting += 1;
              try {
                const result = await attemptMessage(db, settings, message);
                const outcome = result.ok
                  ? 'delivered'
                  : result.responseStatus === null
                    ? 'failed'
                    : 'rejected';
                recorder.webhookAttempt(outcome, result.durationMs / 1000);
                annotateSpan({
                  'webhook.outcome': outcome,
                  ...(result.responseStatus === null
                    ? {}
                    : { 'http.response.status_code': result.responseStatus }),
                });
                return result;
              } finally {
                attempting -= 1;
              }
            }),
          );
          await record({ message, result, job });
          settle([job]);
        }),
      );
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      // Nothing left to attempt for the rest (delivered meanwhile, webhook deleted or disabled).
      const idle = jobs.filter((job) => !settled.has(job.id));
      if (idle.length > 0) {
        await boss.complete(
          QUEUES.deliver,
          idle.map(({ id, retryCount }) => ({ id, retryCount })),
        );
        settle(idle);
      }
    } catch (error) {
      log.error({ err: error }, 'webhook deliveries failed; pg-boss retries them');
      const unsettled = jobs.filter((job) => !settled.has(job.id));
      settle(unsettled);
      await boss
        .fail(
          QUEUES.deliver,
          unsettled.map(({ id, retryCount }) => ({ id, retryCount })),
        )
        .catch(() => {
          // Database away: the jobs stay active until they expire, then pg-boss hands them out again.
        });
    }
    wakeWorkers();
  };

  const pump = async () => {
    while (!stopping) {
      woken = false;
      const room = Math.min(BATCH, IN_HAND - inHand + waitingForLane());
      let jobs: Job<DeliveryData>[] = [];
      if (room > 0) {
        try {
          jobs = await boss.fetch<DeliveryData>(QUEUES.deliver, {
            batchSize: room,
            groupConcurrency: PER_WEBHOOK,
          });
        } catch (error) {
          log.warn({ err: error }, 'could not fetch webhook deliveries');
        }
      }
      if (jobs.length > 0) {
        inHand += jobs.length;
        const delivery = deliver(jobs);
        deliveries.add(delivery);
        void delivery.finally(() => deliveries.delete(delivery));
        // A full batch: more may be waiting.
        if (jobs.length === room) continue;
      }
      if (stopping || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wakePump = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakePump = () => {};
    }
  };
  const pumping = pump();

  await boss.work(QUEUES.fanOut, { pollingIntervalSeconds: 0.5 }, async () =>
    withIncidentCauses('webhooks', 'webhooks.fan-out incidents', async () => {
      for (;;) {
        const result = await fanOut(db, settings.publicUrl, enqueue);
        if (result.messages > 0) wakeWorkers();
        if (result.events < 1000) return;
      }
    }),
  );
  await boss.schedule(QUEUES.fanOut, '* * * * *');

  await boss.work(QUEUES.prune, async () => pruneWebhookLog(db));
  await boss.schedule(QUEUES.prune, '43 3 * * *');

  const askFanOut = () => {
    boss
      .send(QUEUES.fanOut, null)
      .catch((error) => log.warn({ err: error }, 'could not ask for a webhook fan-out; the backstop will'));
  };
  let stopListening: () => Promise<void> = async () => {};
  try {
    stopListening = await database.listen(PENDING_CHANNEL, askFanOut);
  } catch (error) {
    log.warn({ err: error }, 'webhooks: could not listen for pending events; the minute backstop fans out');
  }
  askFanOut();

  return {
    stop: async () => {
      await stopListening();
      stopping = true;
      wakeWorkers();
      await pumping;
      // Attempts in flight get a moment to end and be logged; those that do not stay active and expire.
      await Promise.race([
        Promise.all(deliveries),
        new Promise((resolve) => setTimeout(resolve, 5000).unref()),
      ]);
      await flush();
    },
  };
}
