import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/domain/members/caller.ts';
import { loadDue } from '../../src/domain/notifications/webhooks/due-messages.ts';
import {
  DISABLE_AFTER_FAILURES,
  recordAttempts,
} from '../../src/domain/notifications/webhooks/record-attempts.ts';
import { createWebhook } from '../../src/domain/notifications/webhooks/repository.ts';
import { buildCompany } from '../helpers/factories.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

// The outbox's decisions on the webhook channel, on a real database and without a job queue: what is due,
// and what recording an attempt moves on (the retry's job, giving up, disabling).
let t: TestApp;
let webhookId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const company = await buildCompany(t.app.db);
  const caller = { userId: company.owner.id, companyId: company.id } as Caller;
  webhookId = (
    await createWebhook(
      t.app.db,
      caller,
      { name: 'Due hook', url: 'https://hooks.example/x' },
      { maxPerCompany: 25 },
    )
  ).id;
});
afterAll(async () => {
  await t.close();
});

async function newMessage(): Promise<string> {
  const row = await t.app.db
    .insertInto('webhook_messages')
    .values({ webhook_id: webhookId, event: 'incident.opened', body: '{}', event_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function dueNow(messageId: string) {
  const [due] = await loadDue(t.app.db, [{ messageId, attempt: 1 }]);
  if (!due) throw new Error('not due');
  return due;
}

const failed = { ok: false, responseStatus: 500, durationMs: 3, error: 'HTTP 500' };
const record = (records: Parameters<typeof recordAttempts>[1]) =>
  t.app.db.transaction().execute((trx) => recordAttempts(trx, records, { retryBaseSeconds: 5 }));

describe('webhook outbox: what is due, what an attempt moves on', () => {
  it('a pending message is due for its next attempt only; once logged, the same attempt is not due again', async () => {
    const id = await newMessage();
    expect((await loadDue(t.app.db, [{ messageId: id, attempt: 2 }])).map((m) => m.id)).toEqual([]);
    const due = await dueNow(id);
    expect(due).toMatchObject({ id, webhookId, attempt: 1, url: 'https://hooks.example/x' });
    const before = Date.now();
    const { retries, disabled } = await record([{ message: due, result: failed }]);
    expect(disabled).toEqual([]);
    expect(retries).toEqual([{ messageId: id, webhookId, attempt: 2, startAfter: expect.any(Date) }]);
    expect(retries[0]?.startAfter?.getTime()).toBeGreaterThanOrEqual(before + 5000);
    expect(await loadDue(t.app.db, [{ messageId: id, attempt: 1 }])).toEqual([]);
    expect(await loadDue(t.app.db, [{ messageId: id, attempt: 2 }])).toHaveLength(1);
    // The same attempt recorded twice (a run that died before completing its job) is dropped.
    expect((await record([{ message: due, result: failed }])).retries).toEqual([]);
  });

  it('gives a message up when its next attempt would fall past 24 h after the first', async () => {
    const id = await newMessage();
    const due = await dueNow(id);
    const { retries } = await record([
      { message: { ...due, firstAttemptAt: new Date(Date.now() - 24 * 3600_000) }, result: failed },
    ]);
    expect(retries).toEqual([]);
    const row = await t.app.db
      .selectFrom('webhook_messages')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });

  it(`disables the webhook at the ${DISABLE_AFTER_FAILURES}th failure in a row; nothing of it is due then`, async () => {
    await t.app.db
      .updateTable('webhooks')
      .set({ consecutive_failures: 0 })
      .where('id', '=', webhookId)
      .execute();
    const ids = await Promise.all(Array.from({ length: DISABLE_AFTER_FAILURES }, () => newMessage()));
    const due = await loadDue(
      t.app.db,
      ids.map((messageId) => ({ messageId, attempt: 1 })),
    );
    const attempts = due.map((message) => ({ message, result: failed }));
    const before = await record(attempts.slice(0, -1));
    expect(before.disabled).toEqual([]);
    expect(before.retries).toHaveLength(DISABLE_AFTER_FAILURES - 1);
    const { retries, disabled } = await record(attempts.slice(-1));
    expect(disabled.map((webhook) => webhook.webhookId)).toEqual([webhookId]);
    expect(retries).toEqual([]);
    expect(
      await loadDue(
        t.app.db,
        ids.map((messageId) => ({ messageId, attempt: 2 })),
      ),
    ).toEqual([]);
  });
});
