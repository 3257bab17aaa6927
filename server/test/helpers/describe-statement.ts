import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
} from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import type { RowSpec } from '../../src/infrastructure/db/typed-sql.ts';
import { createPostgresDatabase } from './test-database.ts';

/** A result column as the database describes it. */
export interface DescribedColumn {
  name: string;
  type: string;
}

/** Describes statements against a migrated database of the test run's engine, without changing it. */
export interface StatementDescriber {
  describe(statement: RawBuilder<unknown>): Promise<DescribedColumn[]>;
  close(): Promise<void>;
}

/** Compiles without a connection: only the SQL text and its parameters are needed. */
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * PGlite describes a statement without running it (the protocol's Parse and Describe). node-postgres has
 * no describe, so on PostgreSQL the statement runs inside a transaction that is rolled back, on an empty
 * database, and the result's field descriptions are read.
 */
export async function openStatementDescriber(): Promise<StatementDescriber> {
  let typeNames: Map<number, string> | undefined;
  const named = async (
    query: (text: string) => Promise<{ rows: unknown[] }>,
    fields: { name: string; dataTypeID: number }[],
  ) => {
    if (!typeNames) {
      const { rows } = await query('select oid::int as oid, typname from pg_type');
      typeNames = new Map((rows as { oid: number; typname: string }[]).map((row) => [row.oid, row.typname]));
    }
    return fields.map((field) => ({ name: field.name, type: typeNames?.get(field.dataTypeID) ?? '?' }));
  };

  if (process.env.TEST_DB !== 'postgres') {
    const pglite = new PGlite({ loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    return {
      describe: async (statement) => {
        const { resultFields } = await pglite.describeQuery(statement.compile(compiler).sql);
        return named((text) => pglite.query(text), resultFields);
      },
      close: () => pglite.close(),
    };
  }
  const created = await createPostgresDatabase('portal_describe', inject('postgresTemplate'));
  const client = new pg.Client({ connectionString: created.url });
  await client.connect();
  return {
    describe: async (statement) => {
      const { sql, parameters } = statement.compile(compiler);
      await client.query('begin');
      try {
        // The statements that write (an insert of receipts for a key that is not there) would fail their
        // foreign keys on the empty database: replica mode skips the constraint triggers, and the
        // transaction is rolled back.
        await client.query('set local session_replication_role = replica');
        const { fields } = await client.query(sql, [...parameters]);
        return named((text) => client.query(text), fields);
      } finally {
        await client.query('rollback');
      }
    },
    close: async () => {
      await client.end();
      await created.drop();
    },
  };
}

/** How the described columns differ from the declared row: names and order, then each column's type. */
export function rowDifferences(row: RowSpec, described: DescribedColumn[]): string[] {
  const declared = Object.entries(row).map(([name, column]) => ({ name, type: column.pgType }));
  const names = (columns: { name: string }[]) => columns.map((column) => column.name).join(', ');
  if (names(declared) !== names(described))
    return [`columns (${names(described)}), declared (${names(declared)})`];
  return declared.flatMap((column, index) =>
    column.type === described[index]?.type
      ? []
      : [`${column.name} is ${described[index]?.type}, declared ${column.type}`],
  );
}
