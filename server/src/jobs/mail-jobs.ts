import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { createMailer } from '../domain/mail/mailer.ts';
import { DRAIN_BATCH, drainPending, dueBundles } from '../domain/notifications/mail/drain.ts';
import type { Config } from '../infrastructure/config/config.ts';
import type { Database } from '../infrastructure/db/database.ts';
import type { OperationsRecorder } from '../infrastructure/observability/recorder.ts';
import { type MailDeps, sendBundle, sendDigests, sendReminders } from './mail/incident-mail-steps.ts';
import { startIntake } from './outbox/intake.ts';

const QUEUES = {
  /** Pending timeline rows → bundle items; asked for on each NOTIFY of the trigger, one job a second. */
  drain: 'mail.drain',
  /** One bundle's mail, when its window closes; retried with backoff when SMTP fails. */
  bundle: 'mail.bundle',
  /** Every minute: the drain and due bundles as a backstop, reminders, digests. */
  periodic: 'mail.periodic',
} as const;

/** The channel migration 0010's trigger notifies when it queued timeline rows. */
const PENDING_CHANNEL = 'mail_pending';

/**
 * The mail channel of the outbox (decisions 0020, 0032): intake (the drain turns captured incident events into
 * bundle items), delivery (a bundle's job when its window closes; reminders and digests every minute), each
 * step sending and recording in one transaction. Durable: the trigger's rows and the bundles are in the
 * database, so a process that dies loses nothing; the minute's backstop picks up what it left.
 */
export async function startMailJobs(options: {
  boss: PgBoss;
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  recorder: OperationsRecorder;
}): Promise<() => Promise<void>> {
  const { boss, config, database, log, recorder } = options;
  const { db } = database;
  const deps: MailDeps = {
    mailer: createMailer({ config, db, log, recorder }),
    portalUrl: config.PUBLIC_URL,
  };

  await boss.createQueue(QUEUES.drain, { policy: 'short', retryLimit: 5, retryDelay: 1 });
  await boss.createQueue(QUEUES.bundle, {
    policy: 'short',
    retryLimit: 12,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 600,
  });
  await boss.createQueue(QUEUES.periodic, { policy: 'short', retryLimit: 2, retryDelay: 5 });

  const scheduleBundle = (id: string, at: Date) =>
    boss.send(QUEUES.bundle, { bundleId: id }, { startAfter: at, singletonKey: id });

  await boss.work<{ bundleId: string }>(
    QUEUES.bundle,
    { pollingIntervalSeconds: 1, batchSize: 5 },
    async (jobs) => {
      for (const job of jobs) {
        const result = await sendBundle(db, deps, job.data.bundleId);
        if (result.outcome === 'deferred') {
          recorder.mail('deferred', 'incident-bundle');
          await scheduleBundle(job.data.bundleId, result.until);
        }
      }
    },
  );

  return startIntake(boss, database, log, {
    queue: QUEUES.drain,
    periodicQueue: QUEUES.periodic,
    notifyChannel: PENDING_CHANNEL,
    batch: DRAIN_BATCH,
    consumer: 'mail',
    spanName: 'mail.drain incidents',
    take: async () => {
      const result = await drainPending(db, config.NOTIFY_BUNDLE_SECONDS);
      for (const bundle of result.opened) await scheduleBundle(bundle.id, bundle.sendAfter);
      return result.events;
    },
    // At most one drain a second however many notices come.
    askOptions: () => ({ singletonKey: String(Math.floor(Date.now() / 1000)) }),
    everyMinute: async () => {
      for (const id of await dueBundles(db)) await scheduleBundle(id, new Date());
      const reminders = await sendReminders(db, deps, config.NOTIFY_REMINDER_MINUTES);
      const digests = await sendDigests(db, deps);
      if (reminders.mails + digests.mails > 0)
        log.info({ ...reminders, digests: digests.mails }, 'incident mail');
    },
  });
}
