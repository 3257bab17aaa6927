import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../infrastructure/config/config.ts';
import { openDatabase } from '../infrastructure/db/database.ts';
import { type BackupHeader, writeBackupFile } from './backup-file.ts';
import { dumpThroughSocket } from './backup-socket.ts';
import { databaseVersion, postgresServerVersion } from './engine-versions.ts';
import { currentMigration } from './migration-level.ts';
import { findPostgresTool, libpqEnvironment, runTool } from './postgres-tools.ts';

export class BackupError extends Error {}

/**
 * A consistent backup of the configured database into `out`, while the portal runs or not.
 * PostgreSQL: pg_dump's custom format (one snapshot, taken in a repeatable-read transaction).
 * PGlite: the running portal dumps its data directory over its backup socket between two turns of its one
 * connection; with no portal running, this process opens the folder itself.
 */
export interface BackupResult {
  header: BackupHeader;
  /** PGlite: whether the running portal made the dump (else this process opened the stopped portal's folder). */
  fromRunningPortal: boolean;
}

export async function backupDatabase(config: Config, out: string): Promise<BackupResult> {
  const work = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
  try {
    const payload = path.join(work, 'payload');
    const base = { createdAt: new Date().toISOString(), portalVersion: config.version };
    if (config.DATABASE_URL) {
      const server = await postgresServerVersion(config.DATABASE_URL);
      const pgDump = await findPostgresTool('pg_dump', server.major);
      const migration = await migrationOnPostgres(config.DATABASE_URL);
      await runTool(
        pgDump,
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${payload}`],
        libpqEnvironment(config.DATABASE_URL),
      );
      const header = await writeBackupFile(
        out,
        { ...base, engine: 'postgres', payload: 'pg_dump-custom', migration, engineVersion: server.text },
        payload,
      );
      return { header, fromRunningPortal: false };
    }
    const viaPortal = await dumpThroughSocket(config.DATA_DIR, payload);
    let migration: string;
    let engineVersion: string;
    if (viaPortal) {
      ({ migration, engineVersion } = viaPortal);
    } else {
      // No portal holds the folder: open it here (opening an empty folder would create a database).
      if (!existsSync(path.join(config.DATA_DIR, 'PG_VERSION'))) {
        throw new BackupError(`${config.DATA_DIR} holds no database to back up.`);
      }
      const database = await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
      try {
        migration = await currentMigration(database.db);
        engineVersion = `PGlite, PostgreSQL ${(await databaseVersion(database.db)).text}`;
        const blob = await database.dumpDataDir?.();
        if (!blob) throw new BackupError('PGlite could not dump its data directory.');
        await writeFile(payload, new Uint8Array(await blob.arrayBuffer()), { mode: 0o600 });
      } finally {
        await database.close();
      }
    }
    const header = await writeBackupFile(
      out,
      { ...base, engine: 'pglite', payload: 'pglite-datadir-tar-gzip', migration, engineVersion },
      payload,
    );
    return { header, fromRunningPortal: viaPortal !== undefined };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function migrationOnPostgres(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ found: string | null }>(
      `select to_regclass('public.kysely_migration')::text as found`,
    );
    if (!found.rows[0]?.found) return '';
    const last = await client.query<{ name: string }>(
      'select name from kysely_migration order by name desc limit 1',
    );
    return last.rows[0]?.name ?? '';
  } finally {
    await client.end();
  }
}
