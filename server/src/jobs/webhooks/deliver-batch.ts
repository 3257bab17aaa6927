import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { loadDue, signedRequest } from '../../domain/notifications/webhooks/due-messages.ts';
import { type AttemptRecord, attemptOutcome } from '../../domain/notifications/webhooks/record-attempts.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { annotateSpan, withCarriedSpan } from '../../infrastructure/observability/job-trace.ts';
import type { OperationsRecorder } from '../../infrastructure/observability/recorder.ts';
import type { WebhookSender } from '../../infrastructure/webhooks/http-sender.ts';
import type { AttemptLog } from './attempt-log.ts';
import { type DeliveryQueue, type DeliveryQueueJob, LANES } from './delivery-queue.ts';
import { Lanes } from './lanes.ts';

/** An attempt made, waiting to be recorded with its job's completion. */
export interface MadeAttempt extends AttemptRecord {
  job: DeliveryQueueJob;
}

/**
 * A fetched batch of delivery jobs, attempt by attempt: the due messages are loaded, each attempt waits for
 * its webhook's lane, goes out through the HTTP sender, and is handed to the attempt log; each job is let go
 * of as soon as its own attempt is recorded. Jobs with nothing left to attempt are completed; when handling
 * fails (database away) the unsettled jobs fail, and pg-boss retries them.
 */
export interface BatchDeliveryDeps {
  db: Kysely<DB>;
  queue: DeliveryQueue;
  send: WebhookSender;
  attemptLog: () => AttemptLog<MadeAttempt>;
  recorder: OperationsRecorder;
  log: FastifyBaseLogger;
  /** After a batch is settled (its slots are free). */
  settled(): void;
}

export class BatchDelivery {
  /** Jobs held by this process (fetched, not yet settled). */
  inHand = 0;
  /** Attempts started and not yet handed to the log. */
  attempting = 0;
  readonly lanes = new Lanes(LANES);
  readonly #deps: BatchDeliveryDeps;

  constructor(deps: BatchDeliveryDeps) {
    this.#deps = deps;
  }

  deliver = async (jobs: DeliveryQueueJob[]): Promise<void> => {
    const { db, queue, log } = this.#deps;
    this.inHand += jobs.length;
    const settled = new Set<string>();
    const settle = (done: DeliveryQueueJob[]) => {
      for (const job of done) settled.add(job.id);
      this.inHand -= done.length;
    };
    try {
      const due = await loadDue(
        db,
        jobs.map((job) => job.data),
      );
      const jobOf = new Map(jobs.map((job) => [`${job.data.messageId}:${job.data.attempt}`, job]));
      const outcomes = await Promise.allSettled(
        due.map(async (message) => {
          const job = jobOf.get(`${message.id}:${message.attempt}`) as DeliveryQueueJob;
          const result = await this.lanes.run(message.webhookId, () => this.#attempt(job, message));
          await this.#deps.attemptLog().record({ message, result, job });
          settle([job]);
        }),
      );
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      // Nothing left to attempt for the rest (delivered meanwhile, webhook deleted or disabled).
      const idle = jobs.filter((job) => !settled.has(job.id));
      if (idle.length > 0) {
        await queue.complete(idle);
        settle(idle);
      }
    } catch (error) {
      log.error({ err: error }, 'webhook deliveries failed; pg-boss retries them');
      const unsettled = jobs.filter((job) => !settled.has(job.id));
      settle(unsettled);
      await queue.fail(unsettled).catch(() => {
        // Database away: the jobs stay active until they expire, then pg-boss hands them out again.
      });
    }
    this.#deps.settled();
  };

  /** One attempt in its span (continuing the fan-out's trace), counted in the metrics. */
  #attempt(job: DeliveryQueueJob, message: AttemptRecord['message']) {
    const attributes = { 'webhook.id': message.webhookId, 'webhook.attempt': message.attempt };
    return withCarriedSpan('webhook.deliver', job.data.trace, attributes, async () => {
      this.attempting += 1;
      try {
        const result = await this.#deps.send(await signedRequest(this.#deps.db, message));
        const outcome = attemptOutcome(result);
        this.#deps.recorder.webhookAttempt(outcome, result.durationMs / 1000);
        annotateSpan({
          'webhook.outcome': outcome,
          ...(result.responseStatus === null ? {} : { 'http.response.status_code': result.responseStatus }),
        });
        return result;
      } finally {
        this.attempting -= 1;
      }
    });
  }
}
