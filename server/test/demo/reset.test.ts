import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDomainTables, KEPT_TABLES } from '../../src/demo/reset.ts';
import { seedDemoIfEmpty, seedingDay } from '../../src/demo/seed.ts';
import { loadConfig } from '../../src/infrastructure/config/config.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

let database: Database;

/** The public schema's tables and how many rows each holds. */
async function rowCounts(): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(database.db);
  const counts = new Map<string, number>();
  for (const { name } of rows) {
    const { rows: count } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(name)}`.execute(database.db);
    counts.set(name, count[0]!.n);
  }
  return counts;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoIfEmpty(database.db, { size: 'small', now: seedingDay(), settings: loadConfig({}) });
  // A table a later migration might add: company data with no foreign key a cascade could follow.
  await sql`create table company_notes (company_id uuid not null, note text not null)`.execute(database.db);
  await sql`insert into company_notes select id, 'a note' from companies`.execute(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe('emptyDomainTables', () => {
  it('empties every table but the kept ones, a table added after it was written included', async () => {
    const before = await rowCounts();
    expect(before.get('company_notes')).toBeGreaterThan(0);
    expect(before.get('device_summary')).toBeGreaterThan(0);

    await emptyDomainTables(database.db);

    const after = await rowCounts();
    const left = [...after].filter(([name, n]) => n > 0 && !KEPT_TABLES.includes(name));
    expect(left).toEqual([]);
    expect(after.get('role_permissions')).toBe(before.get('role_permissions'));
  });

  it('keeps only tables without company data: no company or user column, no key into a reset table', async () => {
    const { rows } = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = 'public' and table_name = any(${KEPT_TABLES as string[]})
        and column_name in ('company_id', 'user_id', 'organization_id', 'sub')`.execute(database.db);
    expect(rows).toEqual([]);
    const { rows: keys } = await sql<{ from: string; to: string }>`
      select src.relname as "from", dst.relname as "to" from pg_constraint c
      join pg_class src on src.oid = c.conrelid join pg_class dst on dst.oid = c.confrelid
      where c.contype = 'f' and src.relname = any(${KEPT_TABLES as string[]})
        and not dst.relname = any(${KEPT_TABLES as string[]})`.execute(database.db);
    expect(keys).toEqual([]);
  });

  it('leaves a database the demo seeds again', async () => {
    await emptyDomainTables(database.db);
    const seeded = await seedDemoIfEmpty(database.db, {
      size: 'small',
      now: seedingDay(),
      settings: loadConfig({}),
    });
    expect(seeded).toBe(true);
    expect((await rowCounts()).get('companies')).toBeGreaterThan(0);
  });
});
