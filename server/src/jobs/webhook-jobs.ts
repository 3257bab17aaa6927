import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { createMailer } from '../domain/mail/mailer.ts';
import { fanOut } from '../domain/notifications/webhooks/fan-out.ts';
import {
  companyOwner,
  DISABLE_AFTER_FAILURES,
  type DisabledWebhook,
  pruneWebhookLog,
  recordAttempts,
} from '../domain/notifications/webhooks/record-attempts.ts';
import { dispatchSettings } from '../domain/notifications/webhooks/settings.ts';
import type { Config } from '../infrastructure/config/config.ts';
import type { Database } from '../infrastructure/db/database.ts';
import type { OperationsRecorder } from '../infrastructure/observability/recorder.ts';
import { createWebhookSender } from '../infrastructure/webhooks/http-sender.ts';
import { startIntake } from './outbox/intake.ts';
import { AttemptLog } from './webhooks/attempt-log.ts';
import { BatchDelivery, type MadeAttempt } from './webhooks/deliver-batch.ts';
import { DeliveryPump } from './webhooks/delivery-pump.ts';
import { createDeliveryQueue } from './webhooks/delivery-queue.ts';

/**
 * The webhook channel of the outbox (decisions 0019, 0032): intake (the fan-out job turns captured incident
 * events into messages and their first delivery jobs, in one transaction), delivery (one pump fetches jobs,
 * each attempt waits for its webhook's lane and goes out through the HTTP sender), record (attempts logged in
 * batches, each with its job's completion and its retry's job, in one transaction), prune (daily).
 */

const FAN_OUT_QUEUE = 'webhooks.fan-out';
const PRUNE_QUEUE = 'webhooks.prune';
/** The channel migration 0011's trigger notifies when it captured incident events. */
const PENDING_CHANNEL = 'webhook_pending';
/** Captured events one fan-out pass takes. */
const FAN_OUT_BATCH = 1000;
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

  await boss.createQueue(FAN_OUT_QUEUE, { policy: 'short', retryLimit: 5, retryDelay: 1 });
  const queue = await createDeliveryQueue(boss, config.WEBHOOK_TIMEOUT_SECONDS);
  await boss.createQueue(PRUNE_QUEUE, { policy: 'short' });

  const tellOwner = async (webhook: DisabledWebhook) => {
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

  // The record step: one transaction logs the attempts, enqueues their retries and completes their jobs; a
  // result not yet written when the process dies leaves its job active, to be handed out again.
  const recordBatch = async (batch: MadeAttempt[]) => {
    const { disabled } = await db.transaction().execute(async (trx) => {
      const recorded = await recordAttempts(trx, batch, { retryBaseSeconds: settings.retryBaseSeconds });
      if (recorded.retries.length > 0) await queue.enqueue(trx, recorded.retries);
      await queue.complete(
        batch.map(({ job }) => job),
        trx,
      );
      return recorded;
    });
    for (const webhook of disabled) {
      log.warn({ webhookId: webhook.webhookId }, 'webhook disabled after consecutive failures');
      await tellOwner(webhook).catch((error) => log.error({ err: error }, 'webhook disabled mail'));
    }
  };

  const delivery: BatchDelivery = new BatchDelivery({
    db,
    queue,
    send: createWebhookSender(settings),
    attemptLog: () => attemptLog,
    recorder,
    log,
    settled: () => pump.wake(),
  });
  const attemptLog = new AttemptLog<MadeAttempt>(recordBatch, {
    flushAt: FLUSH_AT,
    flushAfterMs: FLUSH_AFTER_MS,
    othersInFlight: () => delivery.attempting > 0,
    // Their webhooks' slots are free again.
    written: () => pump.wake(),
    failed: (error, attempts) => log.error({ err: error, attempts }, 'could not log webhook attempts'),
  });
  const pump = new DeliveryPump({
    room: () => Math.min(BATCH, IN_HAND - delivery.inHand + delivery.lanes.waiting),
    fetch: (batchSize) => queue.fetch(batchSize),
    deliver: delivery.deliver,
    pollMs: POLL_MS,
    fetchFailed: (error) => log.warn({ err: error }, 'could not fetch webhook deliveries'),
  });
  pump.start();

  const stopListening = await startIntake(boss, database, log, {
    queue: FAN_OUT_QUEUE,
    notifyChannel: PENDING_CHANNEL,
    batch: FAN_OUT_BATCH,
    consumer: 'webhooks',
    spanName: 'webhooks.fan-out incidents',
    take: async () => {
      const result = await db.transaction().execute(async (trx) => {
        const created = await fanOut(trx, settings.publicUrl, FAN_OUT_BATCH);
        // The messages and their first jobs commit together.
        await queue.enqueue(trx, created.jobs);
        return created;
      });
      if (result.messages > 0) pump.wake();
      return result.events;
    },
  });

  await boss.work(PRUNE_QUEUE, async () => pruneWebhookLog(db));
  await boss.schedule(PRUNE_QUEUE, '43 3 * * *');

  return {
    stop: async () => {
      await stopListening();
      // Attempts in flight get a moment to end and be logged; those that do not stay active and expire.
      await pump.stop(5000);
      await attemptLog.flush();
    },
  };
}
