import type { Kysely } from 'kysely';
import { fromKysely, type Job, type PgBoss } from 'pg-boss';
import type { DeliveryJob } from '../../domain/notifications/webhooks/fan-out.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { traceCarrier } from '../../infrastructure/observability/job-trace.ts';

/**
 * The webhook channel's pg-boss queue (decision 0019): one job per attempt that is due, grouped by webhook,
 * inserted and completed through the caller's transaction so a message's state and its job move together.
 */

export const DELIVER_QUEUE = 'webhooks.deliver';

/** Attempts of one webhook in flight at once in a process (a receiver sees at most this many from it). */
export const LANES = 16;
/**
 * Jobs of one webhook handed out at once, all processes together (pg-boss group concurrency): the attempts
 * in flight and those waiting for a lane, so a fast receiver never waits for the next fetch. A receiver that
 * hangs holds these, nobody else's.
 */
export const PER_WEBHOOK = 48;

export interface DeliveryData {
  messageId: string;
  attempt: number;
  /** The fan-out's trace context, when tracing is on: the attempt's span continues it. */
  trace?: Record<string, string>;
}

export type DeliveryQueueJob = Job<DeliveryData>;

/**
 * A job may wait for its webhook's lane behind the others handed out with it, then take its own attempt
 * (each at most the timeout); past that pg-boss takes the job back (its process died) and hands it out again.
 */
export const expireInSeconds = (timeoutSeconds: number) =>
  Math.ceil(timeoutSeconds) * (PER_WEBHOOK / LANES + 1) + 5;

export interface DeliveryQueue {
  /** Inserts jobs in `trx`: they commit, or not, with it. */
  enqueue(trx: Kysely<DB>, jobs: readonly DeliveryJob[]): Promise<void>;
  /** Up to `batchSize` due jobs, no more of one webhook than PER_WEBHOOK across all processes. */
  fetch(batchSize: number): Promise<DeliveryQueueJob[]>;
  /** Completes jobs, in `trx` when given (with the record of their attempts). */
  complete(jobs: readonly DeliveryQueueJob[], trx?: Kysely<DB>): Promise<void>;
  /** Fails jobs whose handling failed: pg-boss retries them. */
  fail(jobs: readonly DeliveryQueueJob[]): Promise<void>;
}

export async function createDeliveryQueue(boss: PgBoss, timeoutSeconds: number): Promise<DeliveryQueue> {
  // Retries here are for a handler that failed (database away) or a job whose process died; the
  // receiver's failures are retried by new jobs on our own schedule (WEBHOOK_RETRY_BASE_SECONDS).
  await boss.createQueue(DELIVER_QUEUE, {
    policy: 'standard',
    retryLimit: 20,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 300,
    deleteAfterSeconds: 24 * 3600,
  });
  // The queue's row in pg-boss's cache: an insert inside our transaction must not need a lookup of its own
  // (on PGlite that lookup would wait for the connection the transaction holds).
  await boss.getQueue(DELIVER_QUEUE);
  await boss.insert(DELIVER_QUEUE, []);
  const expiry = expireInSeconds(timeoutSeconds);
  const ids = (jobs: readonly DeliveryQueueJob[]) => jobs.map(({ id, retryCount }) => ({ id, retryCount }));

  return {
    async enqueue(trx, jobs) {
      const trace = traceCarrier();
      for (let i = 0; i < jobs.length; i += 1000) {
        await boss.insert(
          DELIVER_QUEUE,
          jobs.slice(i, i + 1000).map((job) => ({
            data: {
              messageId: job.messageId,
              attempt: job.attempt,
              ...(trace ? { trace } : {}),
            } satisfies DeliveryData,
            group: { id: job.webhookId },
            expireInSeconds: expiry,
            ...(job.startAfter ? { startAfter: job.startAfter } : {}),
          })),
          { db: fromKysely(trx) },
        );
      }
    },
    fetch: (batchSize) =>
      boss.fetch<DeliveryData>(DELIVER_QUEUE, { batchSize, groupConcurrency: PER_WEBHOOK }),
    async complete(jobs, trx) {
      await boss.complete(DELIVER_QUEUE, ids(jobs), null, trx ? { db: fromKysely(trx) } : undefined);
    },
    async fail(jobs) {
      await boss.fail(DELIVER_QUEUE, ids(jobs));
    },
  };
}
