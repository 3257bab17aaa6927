import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../infrastructure/config/config.ts';
import { type BackupHeader, extractPayload, readBackupFile } from './backup-file.ts';
import { portalRunsOn } from './backup-socket.ts';
import { postgresServerVersion } from './engine-versions.ts';
import { knowsMigration } from './migration-level.ts';
import { findPostgresTool, libpqEnvironment, runTool } from './postgres-tools.ts';

export class RestoreError extends Error {}

export interface RestoreResult {
  header: BackupHeader;
  /** PGlite with --force: where the replaced data folder was moved (kept for the operator to delete). */
  previous?: string;
}

/**
 * Puts a backup in place of the configured database: checks the whole file first (nothing is touched for a
 * truncated, damaged or foreign file), refuses a database that holds data unless `force`, and swaps in
 * one step, so a failure leaves the database as it was.
 */
export async function restoreDatabase(config: Config, file: string, force: boolean): Promise<RestoreResult> {
  const { header, payloadOffset } = await readBackupFile(file);
  if (!knowsMigration(header.migration)) {
    throw new RestoreError(
      `The backup was made by a newer version of the portal (migration ${header.migration}); restore it with that version or newer.`,
    );
  }
  const wanted = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (header.engine !== wanted) {
    throw new RestoreError(
      header.engine === 'pglite'
        ? 'The backup is of an embedded (PGlite) database; restore it with DATABASE_URL unset and DATA_DIR set.'
        : 'The backup is of a PostgreSQL database; restore it with DATABASE_URL set.',
    );
  }
  const work = await mkdtemp(path.join(tmpdir(), 'portal-restore-'));
  try {
    const payload = path.join(work, 'payload');
    await extractPayload(file, payloadOffset, payload);
    if (config.DATABASE_URL) {
      await restorePostgres(config.DATABASE_URL, payload, work, force);
      return { header };
    }
    const previous = await restorePglite(config.DATA_DIR, payload, force);
    return { header, ...(previous ? { previous } : {}) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Tables, views and sequences outside PostgreSQL's own schemas: what makes a database "not empty". */
const USER_RELATIONS = `
  select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
    and n.nspname not like 'pg\\_temp%' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`;

/**
 * pg_restore writes the dump as SQL, and psql runs it in ONE transaction: with --force preceded by dropping
 * every schema of the database and creating an empty `public`. Any error rolls all of it back, so the
 * database is either the backup's or what it was.
 */
async function restorePostgres(url: string, payload: string, work: string, force: boolean): Promise<void> {
  const server = await postgresServerVersion(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let schemas: string[];
  try {
    const relations = (await client.query<{ n: number }>(USER_RELATIONS)).rows[0]!.n;
    if (relations > 0 && !force) {
      throw new RestoreError(
        `The database already holds ${relations} tables, views or sequences; restore into an empty database, or add --force to replace everything in it.`,
      );
    }
    schemas = (
      await client.query<{ nspname: string }>(
        `select nspname from pg_namespace where nspname not in ('pg_catalog', 'information_schema')
           and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'`,
      )
    ).rows.map((row) => row.nspname);
  } finally {
    await client.end();
  }
  const pgRestore = await findPostgresTool('pg_restore', server.major);
  const psql = await findPostgresTool('psql', server.major);
  const script = path.join(work, 'restore.sql');
  const prelude = [
    ...schemas.map((schema) => `drop schema ${pg.escapeIdentifier(schema)} cascade;`),
    'create schema public;',
  ].join('\n');
  await writeFile(script, `${prelude}\n`, { mode: 0o600 });
  const sqlText = await runTool(pgRestore, ['--no-owner', '--no-privileges', '--file=-', payload]);
  await appendFile(script, sqlText);
  await runTool(
    psql,
    ['--no-psqlrc', '--quiet', '--single-transaction', '-v', 'ON_ERROR_STOP=1', '-f', script],
    libpqEnvironment(url),
  );
}

/**
 * The backup is unpacked into a new folder beside DATA_DIR and opened once (PGlite replays its WAL), then
 * renamed into place; with --force the old folder is first renamed aside, never deleted.
 */
async function restorePglite(dataDir: string, payload: string, force: boolean): Promise<string | undefined> {
  if (await portalRunsOn(dataDir)) {
    throw new RestoreError(`A portal is running on ${dataDir}; stop it before restoring.`);
  }
  const holdsDatabase = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (holdsDatabase && !force) {
    throw new RestoreError(
      `${dataDir} already holds a database; restore into a new DATA_DIR, or add --force to replace it (the old folder is kept beside it).`,
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const fresh = `${dataDir}.restoring-${stamp}`;
  try {
    mkdirSync(path.dirname(fresh), { recursive: true });
    const pglite = new PGlite({
      dataDir: fresh,
      loadDataDir: new Blob([new Uint8Array(await readFile(payload))], { type: 'application/x-gzip' }),
    });
    try {
      await pglite.query('select 1 from kysely_migration limit 1');
    } finally {
      await pglite.close();
    }
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    throw new RestoreError(`The backup could not be opened: ${(error as Error).message}`);
  }
  let previous: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length === 0) rmSync(dataDir, { recursive: true });
  if (existsSync(dataDir)) {
    previous = `${dataDir}.before-restore-${stamp}`;
    await rename(dataDir, previous);
  }
  try {
    await rename(fresh, dataDir);
  } catch (error) {
    if (previous) await rename(previous, dataDir);
    await rm(fresh, { recursive: true, force: true });
    throw error;
  }
  return previous;
}
