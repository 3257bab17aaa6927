import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseTarget, openDatabase } from '../../src/infrastructure/db/database.ts';
import { migrateToLatest } from '../../src/infrastructure/db/migrate.ts';
import {
  type Batch,
  buildIngestFleet,
  generateBatches,
  type IngestFleet,
  postBatch,
} from '../faults/ingest-stream.ts';
import { type ServerProcess, startServer } from '../faults/server-process.ts';
import { buildCompany, TEST_PASSWORD } from '../helpers/factories.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { createPostgresDatabase } from '../helpers/test-database.ts';

/**
 * Issue 26 item 4: a backup taken while the portal runs and reports keep coming holds every report the
 * portal acknowledged before the backup began; restored into a new data folder (PGlite) or an empty
 * database (PostgreSQL), the portal starts on it and knows them all. A truncated or foreign file is
 * refused with a message and changes nothing. PGlite in server:pglite, PostgreSQL in server:postgres.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const serverDir = path.resolve(import.meta.dirname, '../..');
const execFileAsync = promisify(execFile);

let work: string;
let source: DatabaseTarget;
let restored: DatabaseTarget;
const cleanups: (() => Promise<void>)[] = [];
let fleet: IngestFleet;
let ownerEmail: string;

/** The environment a CLI gets for a target: nothing of the test's own settings. */
function cliEnv(target: DatabaseTarget): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|DATA_DIR|MODE|TEST_|PORT)/.test(name)),
  );
  return {
    ...inherited,
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir ?? '' }),
  };
}

async function cli(
  name: 'backup' | 'restore',
  args: string[],
  target: DatabaseTarget,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', `src/cli/${name}.ts`, ...args],
      { cwd: serverDir, env: cliEnv(target), timeout: 240_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function withDatabase<T>(target: DatabaseTarget, run: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(target);
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

async function receiptIds(target: DatabaseTarget): Promise<Set<string>> {
  return withDatabase(target, async ({ db }) => {
    const rows = await sql<{ report_id: string }>`select report_id from ingest_receipts`.execute(db);
    return new Set(rows.rows.map((row) => row.report_id));
  });
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-backup-test-'));
  cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
  if (onPostgres) {
    const first = await createPostgresDatabase('portal_backup');
    const second = await createPostgresDatabase('portal_restored');
    cleanups.push(first.drop, second.drop);
    source = { kind: 'postgres', url: first.url, maxConnections: 2 };
    restored = { kind: 'postgres', url: second.url, maxConnections: 2 };
  } else {
    source = { kind: 'pglite', dataDir: path.join(work, 'data') };
    restored = { kind: 'pglite', dataDir: path.join(work, 'restored') };
  }
  fleet = await withDatabase(source, async (database) => {
    await migrateToLatest(database.db);
    ownerEmail = (await buildCompany(database.db, { name: 'Backed Up' })).owner.email;
    return buildIngestFleet(database);
  });
}, 180_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe(`backup while the portal runs, restore, start on it (${onPostgres ? 'PostgreSQL' : 'PGlite DATA_DIR'})`, () => {
  const file = () => path.join(work, 'portal.backup');

  it('keeps every report acknowledged before the backup began', { timeout: 600_000 }, async () => {
    const server: ServerProcess = await startServer({
      JOBS: 'false',
      ...(source.kind === 'postgres' ? { DATABASE_URL: source.url } : { DATA_DIR: source.dataDir ?? '' }),
    });
    const batches = generateBatches(fleet, {
      seed: 26,
      count: 100_000,
      size: 10,
      start: Date.now() - 10 * 60_000,
      prefix: `backup-${randomBytes(3).toString('hex')}`,
    });
    /** When each batch was answered 202 (Date.now()), in the order they were sent. */
    const acknowledged = new Map<Batch, number>();
    let stop = false;
    let next = 0;
    const writer = async () => {
      while (!stop && next < batches.length) {
        const batch = batches[next++]!;
        const res = await postBatch(server.url, fleet, batch);
        if (res.status !== 202) throw new Error(`ingest answered ${res.status}: ${res.text}`);
        acknowledged.set(batch, Date.now());
      }
    };
    // A session of the old portal, to be used on the restored one.
    const signedIn = await fetch(`${server.url}/api/identity/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'partnerportalwebclient01',
        AuthParameters: { USERNAME: ownerEmail, PASSWORD: TEST_PASSWORD },
      }),
    });
    const session = ((await signedIn.json()) as { AuthenticationResult: { AccessToken: string } })
      .AuthenticationResult.AccessToken;
    let backupStarted = 0;
    let backupEnded = 0;
    let backup: Awaited<ReturnType<typeof cli>>;
    try {
      const writers = [writer(), writer()];
      // Let some writes land, then back up while both writers keep going.
      while (acknowledged.size < 20) await new Promise((resolve) => setTimeout(resolve, 50));
      backupStarted = Date.now();
      backup = await cli('backup', ['--out', file()], source);
      backupEnded = Date.now();
      // Keep writing a little after the backup, then stop.
      const after = acknowledged.size;
      while (acknowledged.size < after + 5) await new Promise((resolve) => setTimeout(resolve, 50));
      stop = true;
      await Promise.all(writers);
    } finally {
      stop = true;
      await server.stop();
    }
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    if (!onPostgres) expect(backup.stdout).toContain('from the running portal');

    const before = [...acknowledged].filter(([, at]) => at < backupStarted).map(([batch]) => batch);
    const during = [...acknowledged].filter(([, at]) => at >= backupStarted && at <= backupEnded);
    expect(before.length).toBeGreaterThanOrEqual(20);
    // Writes went on while the backup ran (so the test shows a consistent copy of a moving database).
    expect(during.length).toBeGreaterThan(0);

    const restore = await cli('restore', [file()], restored);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    // The portal starts on the restored database; the ingest keys in it still work, and every report
    // acknowledged before the backup began comes back as a duplicate: it is there, applied once.
    const restoredDatabase = await openDatabase(restored);
    const portal = await buildTestApp({ MODE: 'production' }, { database: restoredDatabase, listen: true });
    try {
      const ids = await sql<{ report_id: string }>`select report_id from ingest_receipts`.execute(
        portal.app.db,
      );
      const present = new Set(ids.rows.map((row) => row.report_id));
      const missing = before
        .flatMap((batch) => batch.reports.map((r) => r.id))
        .filter((id) => !present.has(id));
      expect(missing).toEqual([]);
      // The token signing keys came along: the session signed in before the backup is accepted.
      const me = await fetch(`${portal.url}/api/reseller/v1/me`, {
        headers: { authorization: `Bearer ${session}` },
      });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { profile: { email: string } }).profile.email).toBe(ownerEmail);
      for (const batch of [before[0]!, before.at(-1)!]) {
        const again = await postBatch(portal.url ?? '', fleet, batch);
        expect(again.status).toBe(202);
        expect(again.result).toMatchObject({ accepted: 0, duplicates: batch.reports.length });
      }
      console.info(
        `backup-restore (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${before.length} batches acknowledged before the backup, ${during.length} during its ${backupEnded - backupStarted} ms, ${readFileSync(file()).length} bytes`,
      );
    } finally {
      await portal.close();
      await restoredDatabase.close();
    }
  });

  it.skipIf(onPostgres)(
    "backs up a stopped portal's data folder by opening it",
    { timeout: 300_000 },
    async () => {
      const offlineFile = path.join(work, 'offline.backup');
      const backup = await cli('backup', ['--out', offlineFile], source);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).not.toContain('from the running portal');
      const offline: DatabaseTarget = { kind: 'pglite', dataDir: path.join(work, 'offline') };
      const restore = await cli('restore', [offlineFile], offline);
      expect(restore.code).toBe(0);
      expect(await receiptIds(offline)).toEqual(await receiptIds(source));
    },
  );

  it('refuses a truncated or foreign file, and a database holding data without --force, changing nothing', {
    timeout: 300_000,
  }, async () => {
    const good = readFileSync(file());
    const truncated = path.join(work, 'truncated.backup');
    writeFileSync(truncated, good.subarray(0, Math.floor(good.length / 2)));
    const foreign = path.join(work, 'foreign.backup');
    writeFileSync(foreign, `-- PostgreSQL database dump\ncreate table x (id int);\n`);
    const altered = path.join(work, 'altered.backup');
    const flipped = Buffer.from(good);
    flipped[flipped.length - 10] = (flipped[flipped.length - 10] ?? 0) ^ 0xff;
    writeFileSync(altered, flipped);

    const rowsBefore = await receiptIds(restored);
    const folderBefore = onPostgres ? [] : readdirSync(work).sort();
    for (const [bad, message] of [
      [truncated, /is truncated: \d+ of \d+ bytes of data are there/],
      [foreign, /is not a Partner Portal backup/],
      [altered, /is damaged: its checksum does not match/],
    ] as const) {
      const refused = await cli('restore', [bad, '--force'], restored);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(message);
      expect(refused.stderr).toContain('Nothing was changed.');
    }
    const again = await cli('restore', [file()], restored);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(onPostgres ? /already holds \d+ tables/ : /already holds a database/);

    expect(await receiptIds(restored)).toEqual(rowsBefore);
    if (!onPostgres) {
      expect(readdirSync(work).sort()).toEqual(folderBefore);
      expect(
        existsSync(path.join(restored.kind === 'pglite' ? (restored.dataDir ?? '') : '', 'PG_VERSION')),
      ).toBe(true);
    }
  });

  it('with --force replaces a database holding data in one step', { timeout: 300_000 }, async () => {
    const expected = await receiptIds(restored);
    // Something the backup does not have, which the forced restore must remove.
    await withDatabase(restored, async ({ db }) => {
      await sql`delete from ingest_receipts where report_id in (select report_id from ingest_receipts limit 3)`.execute(
        db,
      );
      await sql`create table stray (id int)`.execute(db);
    });
    const forced = await cli('restore', [file(), '--force'], restored);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(await receiptIds(restored)).toEqual(expected);
    await withDatabase(restored, async ({ db }) => {
      const stray = await sql<{
        found: string | null;
      }>`select to_regclass('public.stray')::text as found`.execute(db);
      expect(stray.rows[0]?.found).toBeNull();
    });
    if (!onPostgres) {
      // The replaced folder is kept beside it, for the operator to delete.
      expect(forced.stdout).toMatch(/the replaced data folder is now .*restored\.before-restore-/);
    }
  });
});
