import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { migrateToLatest } from '../../src/infrastructure/db/migrate.ts';
import { startPgBoss } from '../../src/infrastructure/jobs/job-queue.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/**
 * Issue 26 item 6 (decision 0028): the jobs a process holds at shutdown. The queue is stopped gracefully
 * with the time SHUTDOWN_SECONDS leaves (Background.stop(graceMs)): a job that ends within it is done; one
 * still running then is failed, which returns it to the queue (its retries) for another process.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.db);
});
afterAll(() => database.close());

const log = pino({ level: 'silent' });

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('jobs held at shutdown', { timeout: 120_000 }, () => {
  it('a job running when the queue stops finishes within the grace time', async () => {
    const boss = await startPgBoss(database, log);
    await boss.createQueue('test.shutdown-finish', { retryLimit: 3 });
    const started = gate();
    const release = gate();
    await boss.work('test.shutdown-finish', { pollingIntervalSeconds: 0.5 }, async () => {
      started.open();
      await release.opened;
    });
    const id = await boss.send('test.shutdown-finish', {});
    await started.opened;
    const stopping = boss.stop({ graceful: true, timeout: 60_000 });
    release.open();
    await stopping;

    const reader = await startPgBoss(database, log);
    const [job] = await reader.findJobs('test.shutdown-finish', { id: id ?? '' });
    await reader.stop({ graceful: false });
    expect(job?.state).toBe('completed');
  });

  it('a job still running when the grace time ends goes back to the queue, to be retried', async () => {
    const boss = await startPgBoss(database, log);
    await boss.createQueue('test.shutdown-return', { retryLimit: 3 });
    const started = gate();
    await boss.work('test.shutdown-return', { pollingIntervalSeconds: 0.5 }, async () => {
      started.open();
      await new Promise(() => {}); // never ends
    });
    const id = await boss.send('test.shutdown-return', {});
    await started.opened;
    await boss.stop({ graceful: true, timeout: 1000 });

    const reader = await startPgBoss(database, log);
    const [job] = await reader.findJobs('test.shutdown-return', { id: id ?? '' });
    await reader.stop({ graceful: false });
    expect(job?.state).toBe('retry');
  });
});
