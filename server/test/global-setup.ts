import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../src/infrastructure/db/migrate.ts';
import { PGliteDialect } from '../src/infrastructure/db/pglite-dialect.ts';
import { createPostgresDatabase } from './helpers/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped data directory of a migrated PGlite (server:pglite). */
    pgliteSnapshot: string;
    /** A migrated database on TEST_DATABASE_URL's server that test databases are copied from (server:postgres). */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run and per engine: each test file then starts from a copy (openTestDatabase), about a
 * second on PGlite instead of eight for initdb and the migrations, and a template copy on PostgreSQL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.TEST_DB === 'postgres') {
    const template = await createPostgresDatabase('portal_template');
    const pool = new pg.Pool({ connectionString: template.url, max: 1 });
    const client = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    try {
      await migrateToLatest(client);
    } finally {
      // No connection may stay open to a database that is copied.
      await client.destroy();
    }
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
  const pglite = new PGlite();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-test-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await db.destroy();
  project.provide('pgliteSnapshot', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}
