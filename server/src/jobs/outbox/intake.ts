import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss, SendOptions } from 'pg-boss';
import type { Database } from '../../infrastructure/db/database.ts';
import { type CauseConsumer, withIncidentCauses } from '../../infrastructure/observability/job-trace.ts';

/**
 * The first step of every outbox channel (decision 0032): a trigger captured incident events into the
 * channel's pending table and NOTIFYed; each process listening asks for the channel's intake job, which
 * drains the pending rows batch by batch (`take` answers how many it took; a full batch means more may wait).
 * The job also runs at start and every minute, the backstop for a notice nobody heard.
 */
export interface Intake {
  /** The pg-boss queue of the intake job (a `short` queue: one waiting at a time). */
  queue: string;
  /** The channel the capture trigger notifies. */
  notifyChannel: string;
  /** Rows a full pass takes. */
  batch: number;
  /** One pass; answers how many pending rows it took. */
  take(): Promise<number>;
  /** Who the incidents' trace links are for, and the span's name. */
  consumer: CauseConsumer;
  spanName: string;
  /** How a notice asks for the job (e.g. at most one a second). */
  askOptions?: () => SendOptions;
  /** Work the minute's run does after draining (backstops of later steps). */
  everyMinute?: () => Promise<void>;
}

/** Drains until a pass takes less than a full batch. */
export async function drainAll(intake: Pick<Intake, 'take' | 'batch'>): Promise<void> {
  for (;;) {
    if ((await intake.take()) < intake.batch) return;
  }
}

/** Sets up the intake job, its minute backstop and the listener; answers how to stop listening. */
export async function startIntake(
  boss: PgBoss,
  database: Database,
  log: FastifyBaseLogger,
  intake: Intake & { periodicQueue?: string },
): Promise<() => Promise<void>> {
  const drain = () => drainAll(intake);
  await boss.work(intake.queue, { pollingIntervalSeconds: 0.5 }, async () =>
    withIncidentCauses(intake.consumer, intake.spanName, drain),
  );
  if (intake.periodicQueue) {
    const { everyMinute } = intake;
    await boss.work(intake.periodicQueue, async () => {
      await drain();
      await everyMinute?.();
    });
    await boss.schedule(intake.periodicQueue, '* * * * *');
  } else {
    await boss.schedule(intake.queue, '* * * * *');
  }

  const ask = () => {
    boss
      .send(intake.queue, null, intake.askOptions?.() ?? {})
      .catch((error) =>
        log.warn({ err: error }, `could not ask for ${intake.queue}; the minute backstop will`),
      );
  };
  let stopListening: () => Promise<void> = async () => {};
  try {
    stopListening = await database.listen(intake.notifyChannel, ask);
  } catch (error) {
    log.warn(
      { err: error },
      `${intake.queue}: could not listen for pending events; the minute backstop drains`,
    );
  }
  ask();
  return stopListening;
}
