import type { RawBuilder } from 'kysely';

/**
 * Raw SQL statements with a declared row type (issue 28 item 4). Where the query builder cannot say a
 * query (grouping sets, filtered aggregates over summaries, CTE pipelines), the statement is written in a
 * `sql` template and declared here with its result columns: the PostgreSQL type of each column and the
 * value it reads as. The row type of the statement follows from that declaration, and
 * test/db/typed-statements.test.ts describes every declared statement against a migrated database (on
 * PGlite and on PostgreSQL) and fails when a column's name or type differs from it.
 *
 * Nullability cannot be described (PostgreSQL reports no nullability for result columns): `.orNull()`
 * says what the query means (a left join, an aggregate over no rows) and is the reader's to keep true.
 */

/** One result column: its type as pg_type.typname names it, and the JavaScript value it reads as. */
export interface Column<T> {
  readonly pgType: string;
  readonly nullable: boolean;
  /** Type only: the value the column reads as. */
  readonly value?: T;
  orNull(): Column<T | null>;
}

function column<T>(pgType: string, nullable = false): Column<T> {
  return { pgType, nullable, orNull: () => column<T | null>(pgType, true) };
}

/**
 * The column types the statements use, read as the parsers of db/database.ts read them: int8 as a
 * number, date as 'YYYY-MM-DD', timestamptz as a Date. A text column may name the values it holds.
 */
export const col = {
  text: <T extends string = string>() => column<T>('text'),
  uuid: () => column<string>('uuid'),
  int2: () => column<number>('int2'),
  int4: () => column<number>('int4'),
  int8: () => column<number>('int8'),
  float8: () => column<number>('float8'),
  bool: () => column<boolean>('bool'),
  date: () => column<string>('date'),
  timestamptz: () => column<Date>('timestamptz'),
  jsonb: <T>() => column<T>('jsonb'),
  textArray: <T extends string = string>() => column<T[]>('_text'),
};

export type RowSpec = Record<string, Column<unknown>>;
export type RowOf<S extends RowSpec> = { [K in keyof S]: S[K] extends Column<infer T> ? T : never };

/** A declared statement: builds it, typed with its row, and carries the row's declaration. */
export type TypedQuery<S extends RowSpec, A extends unknown[]> = ((...args: A) => RawBuilder<RowOf<S>>) & {
  readonly row: S;
};

/** A declared statement as the check sees it: built once from example arguments. */
export interface DeclaredStatement {
  name: string;
  row: RowSpec;
  example: () => RawBuilder<unknown>;
}

const declared: DeclaredStatement[] = [];

/** Every statement declared by the modules loaded so far. */
export const declaredStatements = (): readonly DeclaredStatement[] => declared;

/**
 * Declares a raw statement: `build` makes it from its arguments (values become parameters; fragments
 * choose a variant, which must not change the result columns), `example` are arguments the check builds
 * it with.
 */
export function rawQuery<const S extends RowSpec, A extends unknown[]>(
  name: string,
  row: S,
  build: (...args: A) => RawBuilder<unknown>,
  example: NoInfer<A>,
): TypedQuery<S, A> {
  if (declared.some((statement) => statement.name === name))
    throw new Error(`Two raw statements are named ${name}`);
  declared.push({ name, row, example: () => build(...example) });
  const query = (...args: A) => build(...args) as RawBuilder<RowOf<S>>;
  return Object.assign(query, { row });
}

/** Example arguments: ids of the right type (the check runs statements on an empty database). */
export const EXAMPLE_UUID = '00000000-0000-4000-8000-000000000000';
export const EXAMPLE_DAY = '2026-01-01';
