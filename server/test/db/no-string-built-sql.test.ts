import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL is written in kysely's `sql` templates or the query builder, where values become parameters and
 * names identifiers: never text put together in JavaScript and handed over raw (issue 28 item 4). And the
 * read models declare each raw statement's row with rawQuery (infrastructure/db/typed-sql.ts), checked against the
 * database by typed-statements.test.ts, instead of a hand-written `sql<Row>`.
 */

const sourceRoot = path.resolve(import.meta.dirname, '../../src');
const sources = globSync('**/*.ts', { cwd: sourceRoot }).map((file) => ({
  file: file.split(path.sep).join('/'),
  text: readFileSync(path.join(sourceRoot, file), 'utf8'),
}));

/** Where raw text is the point: migrations are DDL text by design; begin/commit are constants. */
const RAW_ALLOWED = [
  /^infrastructure\/db\/migrations\//,
  /^infrastructure\/db\/pglite-dialect\.ts$/,
  // The truncate of the data tables (names from a constant list); testkit derives it from the schema.
  /^demo\/reset\.ts$/,
];

const occurrences = (pattern: RegExp, allowed: RegExp[] = []) =>
  sources
    .filter(({ file }) => !allowed.some((rule) => rule.test(file)))
    .flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])),
    );

describe('SQL text', () => {
  it('is never handed to the database raw (sql.raw, CompiledQuery.raw) outside migrations', () => {
    expect(occurrences(/\bsql\.raw\(|\bCompiledQuery\.raw\(/, RAW_ALLOWED)).toEqual([]);
  });

  it('of the read models declares its row with rawQuery, not sql<Row>', () => {
    const readModels = /^domain\/(statistics|partners|incidents|ingest)\//;
    const hits = occurrences(/\bsql</).filter((hit) => readModels.test(hit));
    expect(hits).toEqual([]);
  });
});
