import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { col, declaredStatements } from '../../src/infrastructure/db/typed-sql.ts';
import {
  openStatementDescriber,
  rowDifferences,
  type StatementDescriber,
} from '../helpers/describe-statement.ts';

/**
 * Every raw statement declared with rawQuery (db/typed-sql.ts), described against the migrated database of
 * this engine (PGlite, and PostgreSQL in the server:postgres project): its result columns must be the
 * declared ones, in order, of the declared types. The generated table types are checked the same way
 * (table-types.test.ts); this covers what they cannot see.
 */

const sourceRoot = path.resolve(import.meta.dirname, '../../src');
const declaringFiles = globSync('**/*.ts', { cwd: sourceRoot }).filter(
  (file) =>
    file !== path.join('db', 'typed-sql.ts') &&
    /\brawQuery\(/.test(readFileSync(path.join(sourceRoot, file), 'utf8')),
);

let describer: StatementDescriber;
beforeAll(async () => {
  for (const file of declaringFiles) await import(path.join(sourceRoot, file));
  describer = await openStatementDescriber();
});
afterAll(async () => {
  await describer?.close();
});

describe('raw statements', () => {
  it('are declared in the read models (statistics, partners, incidents, ingest)', () => {
    for (const folder of ['statistics', 'partners', 'incidents', 'ingest'])
      expect(declaringFiles.some((file) => file.startsWith(path.join('domain', folder)))).toBe(true);
    expect(declaredStatements().length).toBeGreaterThan(40);
  });

  it('return the columns and types their row type declares', async () => {
    const differences: string[] = [];
    for (const statement of declaredStatements()) {
      try {
        const found = rowDifferences(statement.row, await describer.describe(statement.example()));
        differences.push(...found.map((difference) => `${statement.name}: ${difference}`));
      } catch (error) {
        differences.push(`${statement.name}: ${(error as Error).message}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('a column named or typed otherwise than declared is found', async () => {
    const described = await describer.describe(
      sql`select count(*) as total, o.name from organizations o group by o.name`,
    );
    expect(rowDifferences({ total: col.int8(), name: col.text() }, described)).toEqual([]);
    expect(rowDifferences({ total: col.int4(), name: col.text() }, described)).toEqual([
      'total is int8, declared int4',
    ]);
    expect(rowDifferences({ count: col.int8(), name: col.text() }, described)).toEqual([
      'columns (total, name), declared (count, name)',
    ]);
    expect(rowDifferences({ name: col.text(), total: col.int8() }, described)).toEqual([
      'columns (total, name), declared (name, total)',
    ]);
  });
});
