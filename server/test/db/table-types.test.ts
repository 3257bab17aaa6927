import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConstraintValues } from '../../src/infrastructure/db/codegen/check-constraint-values.ts';
import { formatWithBiome } from '../../src/infrastructure/db/codegen/format-with-biome.ts';
import {
  GENERATED_TABLES_FILE,
  generateTableTypes,
} from '../../src/infrastructure/db/codegen/generate-table-types.ts';
import { generatedAlwaysColumns } from '../../src/infrastructure/db/codegen/generated-always-columns.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';
import type { DB } from '../../src/infrastructure/db/types.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

let database: Database;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

const serverRoot = path.resolve(import.meta.dirname, '../..');

describe('generated table types', () => {
  // `npm run db:types` introspects PGlite; this also runs on the PostgreSQL server project, where it
  // shows that the server's catalogue gives the same types.
  it('match the database the migrations build', async () => {
    const file = path.join(serverRoot, GENERATED_TABLES_FILE);
    expect(formatWithBiome(await generateTableTypes(db), file)).toBe(readFileSync(file, 'utf8'));
  });

  it('read value lists from one-column check constraints only', async () => {
    await sql`create table codegen_probe (
      quoted text check (quoted in ('plain', 'it''s')),
      tags text[] check (tags <@ array['p', 'q']),
      pattern text check (pattern ~ '^z'),
      single text check (single in ('only')),
      left_side text,
      right_side text,
      check (left_side in ('a', 'b') or right_side is null)
    )`.execute(db);
    const allowed = await checkConstraintValues(db);
    await sql`drop table codegen_probe`.execute(db);

    const probe = [...allowed].filter(([column]) => column.startsWith('codegen_probe.'));
    expect(Object.fromEntries(probe)).toEqual({
      'codegen_probe.quoted': ['plain', "it's"],
      'codegen_probe.tags': ['p', 'q'],
    });
    expect(allowed.get('devices.platform')).toEqual(['first', 'second']);
  });

  it('mark identity and stored generated columns as written by the database only', async () => {
    const columns = await generatedAlwaysColumns(db);
    expect(columns).toContain('incidents.id');
    expect(columns).toContain('devices.offline');
    expect(columns).toContain('devices.state');
    expect(columns).not.toContain('companies.id');
  });
});
