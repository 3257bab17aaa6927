import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Issue 27 item 2: AUDIT_RETENTION_DAYS is enforced by a scheduled job on the shared queue (pg-boss), so one
 * process of many deletes what is past the retention, daily; the deletion itself is append-only.test.ts's.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ JOBS: 'true' });
});
afterAll(() => t.close());

it('schedules the audit retention job every day', async () => {
  const rows = await sql<{ name: string; cron: string }>`
    select name, cron from pgboss.schedule where name = 'audit.retention'`.execute(t.app.db);
  expect(rows.rows).toEqual([{ name: 'audit.retention', cron: '35 3 * * *' }]);
});
