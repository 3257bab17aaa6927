import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../config.ts';
import type { DB } from '../db/types.ts';
import {
  type AttemptRecord,
  attemptMessage,
  type ClaimedMessage,
  claimDue,
  companyOwner,
  DISABLE_AFTER_FAILURES,
  type DispatchSettings,
  fanOut,
  pruneWebhookLog,
  recordAttempts,
} from '../domain/notifications/webhooks/dispatch.ts';
import { createMailer } from '../mail/mailer.ts';

/**
 * Webhook deliveries (decision 0019). A pump in every process with JOBS=true: it turns pending incident
 * events into messages (fan-out) and makes the due attempts, many at a time (at most PER_WEBHOOK in flight
 * per webhook, so a receiver that hangs holds a few slots for the timeout and the others go on). The
 * messages table is the durable queue: nothing lives only in memory. pg-boss runs the daily pruning.
 */

/** Messages this process holds (claimed: in flight or waiting for their webhook's turn). */
const HELD = 1024;
/** Attempts in flight per webhook in this process (a receiver sees at most this many at once from it). */
const PER_WEBHOOK = 16;
/** Messages claimed ahead per webhook, so a fast receiver never waits for the next claim. */
const AHEAD = 48;
/** Attempts logged per transaction, at most this many… */
const FLUSH_AT = 200;
/** …or what came within this long. */
const FLUSH_AFTER_MS = 20;
/** How often an idle pump looks for work. */
const IDLE_POLL_MS = 200;

export function dispatchSettings(config: Config): DispatchSettings {
  return {
    publicUrl: config.PUBLIC_URL,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    retryBaseSeconds: config.WEBHOOK_RETRY_BASE_SECONDS,
    userAgent: `PartnerPortal-Webhooks/${config.version} (+${config.PUBLIC_URL})`,
  };
}

export async function startWebhookJobs(options: {
  boss: PgBoss;
  config: Config;
  db: Kysely<DB>;
  log: FastifyBaseLogger;
}): Promise<{ stop(): Promise<void> }> {
  const { boss, config, db, log } = options;
  const settings = dispatchSettings(config);
  const mail = createMailer({ config, db, log });
  // A claim outlives the attempts queued before it and its own (each at most the timeout), so a message is
  // never attempted twice at once; a killed process's claims run out after that and are attempted again.
  const leaseSeconds = Math.ceil(config.WEBHOOK_TIMEOUT_SECONDS) * (AHEAD / PER_WEBHOOK + 1) + 5;

  await boss.createQueue('webhooks.prune', { policy: 'short' });
  await boss.work('webhooks.prune', async () => pruneWebhookLog(db));
  await boss.schedule('webhooks.prune', '43 3 * * *');

  /** Per webhook: its claimed messages waiting, and how many attempts are in flight. */
  const lanes = new Map<string, { waiting: ClaimedMessage[]; running: number }>();
  let held = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  const nudge = () => wake?.();

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

  // Attempts are logged in batches (one transaction for many); a result not yet written when the process
  // dies is attempted again once its claim runs out.
  let unrecorded: AttemptRecord[] = [];
  let flushing: Promise<void> | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  const flush = async (): Promise<void> => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    while (flushing) await flushing;
    const batch = unrecorded;
    unrecorded = [];
    if (batch.length === 0) return;
    flushing = (async () => {
      try {
        const disabled = await recordAttempts(db, batch, settings.retryBaseSeconds).catch(async (error) => {
          // One bad record (its webhook deleted meanwhile) must not lose the others: one by one.
          log.warn({ err: error, attempts: batch.length }, 'webhook attempts logged one by one');
          const each = await Promise.all(
            batch.map((entry) => recordAttempts(db, [entry], settings.retryBaseSeconds).catch(() => [])),
          );
          return each.flat();
        });
        for (const webhook of disabled) {
          // What this process still held of it was given up with it.
          const lane = lanes.get(webhook.webhookId);
          if (lane) {
            held -= lane.waiting.length;
            lane.waiting = [];
          }
          log.warn({ webhookId: webhook.webhookId }, 'webhook disabled after consecutive failures');
          await tellOwner(webhook).catch((error) => log.error({ err: error }, 'webhook disabled mail'));
        }
      } catch (error) {
        log.error({ err: error, attempts: batch.length }, 'could not log webhook attempts');
      }
    })();
    await flushing;
    flushing = undefined;
  };
  const record = (entry: AttemptRecord) => {
    unrecorded.push(entry);
    if (unrecorded.length >= FLUSH_AT) void flush();
    else flushTimer ??= setTimeout(() => void flush(), FLUSH_AFTER_MS);
  };

  const deliver = async (message: ClaimedMessage) => {
    try {
      record({ message, result: await attemptMessage(db, settings, message) });
    } catch (error) {
      // The claim runs out and the message is attempted again.
      log.error({ err: error, messageId: message.id }, 'webhook delivery');
    } finally {
      held -= 1;
      const lane = lanes.get(message.webhookId);
      if (lane) {
        lane.running -= 1;
        startNext(message.webhookId);
        if (lane.waiting.length < AHEAD / 2) nudge();
      }
    }
  };

  /** Starts the webhook's waiting attempts up to its limit. */
  const startNext = (webhookId: string) => {
    const lane = lanes.get(webhookId);
    if (!lane) return;
    while (lane.running < PER_WEBHOOK && lane.waiting.length > 0) {
      lane.running += 1;
      void deliver(lane.waiting.shift() as ClaimedMessage);
    }
    if (lane.running === 0 && lane.waiting.length === 0) lanes.delete(webhookId);
  };

  const pass = async (): Promise<boolean> => {
    let worked = false;
    const fanned = await fanOut(db, settings.publicUrl);
    if (fanned.events > 0) worked = true;
    const free = HELD - held;
    if (free <= 0) return worked;
    const busy = [...lanes]
      .filter(([, lane]) => lane.waiting.length + lane.running >= AHEAD)
      .map(([id]) => id);
    const claimed = await claimDue(db, {
      limit: free,
      perWebhook: AHEAD,
      busyWebhooks: busy,
      leaseSeconds,
    });
    for (const message of claimed) {
      held += 1;
      let lane = lanes.get(message.webhookId);
      if (!lane) {
        lane = { waiting: [], running: 0 };
        lanes.set(message.webhookId, lane);
      }
      lane.waiting.push(message);
    }
    for (const webhookId of new Set(claimed.map((message) => message.webhookId))) startNext(webhookId);
    return worked || claimed.length > 0;
  };

  const loop = (async () => {
    while (!stopped) {
      let worked = false;
      try {
        worked = await pass();
      } catch (error) {
        log.error({ err: error }, 'webhook pump');
      }
      if (stopped) break;
      if (!worked || held >= HELD) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, IDLE_POLL_MS);
          // Woken by a finished attempt: a moment more gathers the others finishing, for one claim.
          wake = () => {
            clearTimeout(timer);
            wake = undefined;
            setTimeout(resolve, stopped ? 0 : 10);
          };
        });
        wake = undefined;
      }
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      nudge();
      await loop;
      // What waits for its turn is left to its claim (attempted again once it runs out).
      for (const lane of lanes.values()) {
        held -= lane.waiting.length;
        lane.waiting = [];
      }
      // Attempts in flight end by their timeout; their claims cover them if the process goes first.
      const until = Date.now() + 5000;
      while (held > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      await flush();
    },
  };
}
