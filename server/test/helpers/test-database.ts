import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL when the suite runs as the `server:postgres` project.
 * Closing it drops the PostgreSQL database again.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({ kind: 'pglite' });
    await migrateToLatest(database.db);
    return database;
  }
  const created = await createPostgresDatabase('portal_test');
  const database = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 5 });
  await migrateToLatest(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A new, empty database named `<prefix>_<random>` on the PostgreSQL server of TEST_DATABASE_URL: its URL,
 * and `drop` to remove it (forcing out connections a killed process left behind).
 */
export async function createPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
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
