import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

// Named statements are a PostgreSQL server's; PGlite runs in the process and plans nothing over a wire.
describe.skipIf(process.env.TEST_DB !== 'postgres')('statements on a PostgreSQL server', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('prepares a parameterised statement once per connection and reuses it with new values', async () => {
    const prepared = await database.db.transaction().execute(async (trx) => {
      const answers: number[] = [];
      for (const value of [1, 2, 3]) {
        const { rows } = await sql<{ n: number }>`select ${value}::int + 40 as n`.execute(trx);
        answers.push(rows[0]?.n ?? 0);
      }
      expect(answers).toEqual([41, 42, 43]);
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where statement like '%+ 40 as n%'`.execute(trx);
      return rows;
    });
    expect(prepared).toHaveLength(1);
  });

  it('still runs a text of several commands without parameters (migrations)', async () => {
    await sql`create table named_probe (id int); insert into named_probe values (1); drop table named_probe`.execute(
      database.db,
    );
  });
});
