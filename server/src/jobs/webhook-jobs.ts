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

/** Attempts in flight in this process. */
const CONCURRENCY = 128;
/** Attempts in flight per webhook in this process. */
const PER_WEBHOOK = 16;
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
  // A claim outlives the attempt's timeout, so it is never attempted twice at once; a killed process's
  // claim runs out after it and another pass attempts the message again.
  const leaseSeconds = Math.ceil(config.WEBHOOK_TIMEOUT_SECONDS) + 5;

  await boss.createQueue('webhooks.prune', { policy: 'short' });
  await boss.work('webhooks.prune', async () => pruneWebhookLog(db));
  await boss.schedule('webhooks.prune', '43 3 * * *');

  const inFlight = new Map<string, number>();
  let running = 0;
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
        const disabled = await recordAttempts(db, batch, settings.retryBaseSeconds);
        for (const webhook of disabled) {
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
      running -= 1;
      const left = (inFlight.get(message.webhookId) ?? 1) - 1;
      if (left > 0) inFlight.set(message.webhookId, left);
      else inFlight.delete(message.webhookId);
      nudge();
    }
  };

  const pass = async (): Promise<boolean> => {
    let worked = false;
    const fanned = await fanOut(db, settings.publicUrl);
    if (fanned.events > 0) worked = true;
    const free = CONCURRENCY - running;
    if (free <= 0) return worked;
    const busy = [...inFlight].filter(([, count]) => count >= PER_WEBHOOK).map(([id]) => id);
    const claimed = await claimDue(db, {
      limit: free,
      perWebhook: PER_WEBHOOK,
      busyWebhooks: busy,
      leaseSeconds,
    });
    for (const message of claimed) {
      running += 1;
      inFlight.set(message.webhookId, (inFlight.get(message.webhookId) ?? 0) + 1);
      void deliver(message);
    }
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
      if (!worked || running >= CONCURRENCY) {
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
      // Attempts in flight end by their timeout; their claims cover them if the process goes first.
      const until = Date.now() + 5000;
      while (running > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      await flush();
    },
  };
}
