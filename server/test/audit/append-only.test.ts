import type { AuditAction } from '@portal/contracts/audit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../src/domain/audit/audit-log.ts';
import { withAuditSource } from '../../src/domain/audit/audit-source.ts';
import { deleteExpiredAudit } from '../../src/domain/audit/retention.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { type BuiltCompany, buildCompany, buildMember } from '../helpers/factories.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/*
 * Issue 27 items 1, 2 and 7: the audit log is append-only in the database itself (migration 0017), on
 * PostgreSQL and PGlite alike (this file runs in both projects); only the retention job removes rows.
 */

let database: Database;
let company: BuiltCompany;

const DAY = 86_400_000;
const NOW = new Date('2026-11-26T12:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  company = await buildCompany(database.db, { name: 'Maggio Dealer' });
});
afterAll(() => database.close());

async function entry(action: string): Promise<number> {
  await writeAudit(database.db, {
    actorUserId: company.owner.id,
    companyId: company.id,
    // Names of the test's own, to find its rows: not actions the portal records.
    action: action as AuditAction,
    targetType: 'company',
    targetId: company.id,
  });
  const row = await database.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', action)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An entry dated `at` (back-dating would be an UPDATE, which the log refuses). */
async function insertAt(action: string, at: Date): Promise<void> {
  await database.db
    .insertInto('audit_log')
    .values({ company_id: company.id, action, target_type: 'company', at, actor_type: 'company' })
    .execute();
}

const refusal = /append-only/;

describe('the audit log refuses changes', () => {
  it('refuses UPDATE of an entry', async () => {
    const id = await entry('test.update');
    await expect(
      database.db.updateTable('audit_log').set({ action: 'forged' }).where('id', '=', id).execute(),
    ).rejects.toThrow(refusal);
    const row = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.action).toBe('test.update');
  });

  it('refuses DELETE and TRUNCATE outside the retention job', async () => {
    const id = await entry('test.delete');
    await expect(database.db.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(refusal);
    await expect(sql`truncate audit_log`.execute(database.db)).rejects.toThrow(refusal);
    const count = await database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses an UPDATE even inside the retention job’s transaction', async () => {
    const id = await entry('test.update-in-retention');
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`select set_config('portal.audit_retention', 'on', true)`.execute(trx);
        await trx.updateTable('audit_log').set({ action: 'forged' }).where('id', '=', id).execute();
      }),
    ).rejects.toThrow(refusal);
  });

  it('keeps entries when their actor is deleted, with the actor’s name as it was', async () => {
    const member = await buildMember(database.db, company, { name: 'Olivia Bennett' });
    await writeAudit(database.db, {
      actorUserId: member.id,
      companyId: company.id,
      action: 'test.actor-gone' as AuditAction,
      targetType: 'company',
      targetId: company.id,
    });
    await database.db.deleteFrom('users').where('id', '=', member.id).execute();
    const row = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'actor_name', 'actor_email', 'actor_type', 'target_name'])
      .where('action', '=', 'test.actor-gone')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      actor_user_id: member.id,
      actor_name: 'Olivia Bennett',
      actor_email: member.email,
      actor_type: 'user',
      target_name: 'Maggio Dealer',
    });
  });

  it('records where the change came from', async () => {
    await withAuditSource({ address: '203.0.113.7', userAgent: 'curl/8.5' }, () => entry('test.source'));
    const row = await database.db
      .selectFrom('audit_log')
      .select(['address', 'user_agent'])
      .where('action', '=', 'test.source')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ address: '203.0.113.7', user_agent: 'curl/8.5' });
  });
});

describe('retention (AUDIT_RETENTION_DAYS)', () => {
  it('deletes only the entries older than the retention, then the log refuses deletes again', async () => {
    await insertAt('test.retention.old', new Date(NOW.getTime() - 401 * DAY));
    await insertAt('test.retention.recent', new Date(NOW.getTime() - 399 * DAY));
    const deleted = await deleteExpiredAudit(database.db, 400, NOW);
    expect(deleted).toBe(1);
    const actions = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'test.retention%')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['test.retention.recent']);
    // The job's permission ended with its transaction.
    await expect(
      database.db.deleteFrom('audit_log').where('action', '=', 'test.retention.recent').execute(),
    ).rejects.toThrow(refusal);
  });
});
