import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/infrastructure/db/database.ts';
import { migrateToLatest } from '../../src/infrastructure/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL when the suite runs as the `server:postgres` project. Both start
 * from what the run's global setup migrated once (test/global-setup.ts): PGlite from its dumped data
 * directory, PostgreSQL as a copy of the template database. Closing it drops the PostgreSQL database again.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const snapshot = inject('pgliteSnapshot');
    const database = await openDatabase({
      kind: 'pglite',
      ...(snapshot ? { snapshot: new Blob([await readFile(snapshot)]) } : {}),
    });
    if (!snapshot) await migrateToLatest(database.db);
    return database;
  }
  const template = inject('postgresTemplate');
  const created = await createPostgresDatabase('portal_test', template);
  const database = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 5 });
  if (!template) await migrateToLatest(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A new database named `<prefix>_<random>` on the PostgreSQL server of TEST_DATABASE_URL, empty or a copy
 * of `template`: its name, URL, and `drop` to remove it (forcing out connections a killed process left behind).
 */
export async function createPostgresDatabase(
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(`create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
