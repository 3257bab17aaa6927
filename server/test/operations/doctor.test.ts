import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestKey } from '../../src/domain/ingest/ingest-keys.ts';
import { type DatabaseTarget, openDatabase } from '../../src/infrastructure/db/database.ts';
import { migrateToLatest } from '../../src/infrastructure/db/migrate.ts';
import { type Check, doctorChecks } from '../../src/operations/doctor/doctor.ts';
import { generateAdminKeyEnv } from '../../src/services/identity/admin-credentials.ts';
import { freePort } from '../faults/server-process.ts';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink.ts';
import { createPostgresDatabase } from '../helpers/test-database.ts';

/**
 * Issue 26 item 7: `npm run doctor` checks a configuration and its database without starting the server,
 * says what is wrong and exits 1 then. A good production setup and a broken one, on PGlite (a DATA_DIR)
 * in server:pglite and on PostgreSQL in server:postgres.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const serverDir = path.resolve(import.meta.dirname, '../..');

let work: string;
let smtp: SmtpSink;
let good: DatabaseTarget;
let broken: DatabaseTarget;
const cleanups: (() => Promise<void>)[] = [];

async function prepare(
  target: DatabaseTarget,
  change?: (db: Parameters<typeof createIngestKey>[0]) => Promise<void>,
) {
  const database = await openDatabase(target);
  try {
    await migrateToLatest(database.db);
    await createIngestKey(database.db, 'VORTEX', 'doctor');
    await change?.(database.db);
  } finally {
    await database.close();
  }
}

const targetEnv = (target: DatabaseTarget, dataDir: string) =>
  target.kind === 'postgres'
    ? { DATABASE_URL: target.url, DATA_DIR: dataDir }
    : { DATA_DIR: target.dataDir ?? '' };

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-doctor-'));
  cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
  smtp = await startSmtpSink();
  cleanups.push(smtp.close);
  if (onPostgres) {
    const first = await createPostgresDatabase('portal_doctor');
    const second = await createPostgresDatabase('portal_doctor');
    cleanups.push(first.drop, second.drop);
    good = { kind: 'postgres', url: first.url, maxConnections: 1 };
    broken = { kind: 'postgres', url: second.url, maxConnections: 1 };
  } else {
    good = { kind: 'pglite', dataDir: path.join(work, 'good') };
    broken = { kind: 'pglite', dataDir: path.join(work, 'broken') };
  }
  await prepare(good);
  // A database a newer version has migrated further.
  await prepare(broken, async (db) => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_version', now()::text)`.execute(
      db,
    );
  });
}, 180_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const statusOf = (checks: Check[], name: string) => checks.find((check) => check.name === name);

describe(`npm run doctor (${onPostgres ? 'PostgreSQL' : 'PGlite DATA_DIR'})`, () => {
  it('finds nothing wrong with a good production setup and exits 0', { timeout: 120_000 }, async () => {
    const env = {
      MODE: 'production',
      PUBLIC_URL: 'https://partner.example.com',
      SMTP_URL: smtp.url,
      ...generateAdminKeyEnv(),
      ...targetEnv(good, path.join(work, 'files')),
    };
    const checks = await doctorChecks(env);
    expect(checks.filter((check) => check.status !== 'ok')).toEqual([]);
    expect(checks.map((check) => check.name)).toEqual(
      expect.arrayContaining([
        'configuration',
        'migrations',
        'admin keys',
        'ingest keys',
        'SMTP',
        'disk space',
      ]),
    );
    expect(statusOf(checks, 'SMTP')?.detail).toMatch(/^127\.0\.0\.1:\d+ answers$/);
    if (onPostgres) expect(statusOf(checks, 'PostgreSQL version')?.status).toBe('ok');

    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/doctor.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, ...env },
    });
    expect(run.stdout).toContain('nothing wrong found');
  });

  it('names each problem of a broken setup, and exits 1', { timeout: 120_000 }, async () => {
    const closedPort = await freePort();
    const env = {
      MODE: 'production',
      PUBLIC_URL: 'http://partner.example.com',
      SIMULATE: 'true',
      SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
      ...generateAdminKeyEnv(),
      ...targetEnv(broken, path.join(work, 'files')),
    };
    const checks = await doctorChecks(env, { minFreeBytes: 2 ** 60, smtpTimeoutMs: 20_000 });
    expect(statusOf(checks, 'configuration')).toMatchObject({ status: 'fail' });
    expect(statusOf(checks, 'configuration')?.detail).toMatch(/PUBLIC_URL: must be an https:\/\/ URL/);
    expect(statusOf(checks, 'configuration')?.detail).toMatch(/SIMULATE: drives the demo devices/);
    expect(statusOf(checks, 'migrations')).toMatchObject({ status: 'fail' });
    expect(statusOf(checks, 'migrations')?.detail).toContain('9999_from_a_newer_version');
    expect(statusOf(checks, 'SMTP')).toMatchObject({ status: 'fail' });
    expect(statusOf(checks, 'SMTP')?.detail).toContain('ECONNREFUSED');
    expect(statusOf(checks, 'disk space')).toMatchObject({ status: 'fail' });

    const failed = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/doctor.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, ...env },
    }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^FAIL {2}configuration: /m);
    expect(failed.stdout).toMatch(/^FAIL {2}migrations: /m);
    expect(failed.stdout).toMatch(/^FAIL {2}SMTP: /m);
    expect(failed.stdout).toMatch(/problem\(s\) found/);
  });

  it('warns of pending migrations and says when the database cannot be reached', {
    timeout: 120_000,
  }, async () => {
    await prepare(good, async (db) => {
      await sql`delete from kysely_migration where name = (select max(name) from kysely_migration)`.execute(
        db,
      );
    });
    const pending = await doctorChecks({ ...targetEnv(good, path.join(work, 'files')) });
    expect(statusOf(pending, 'migrations')).toMatchObject({ status: 'warn' });
    expect(statusOf(pending, 'migrations')?.detail).toMatch(/^1 pending, applied at the next start: /);

    const unreachable = await doctorChecks({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/postgres`,
      DATA_DIR: path.join(work, 'files'),
    });
    expect(statusOf(unreachable, 'database')).toMatchObject({ status: 'fail' });
    expect(statusOf(unreachable, 'database')?.detail).toMatch(/^cannot connect: .*ECONNREFUSED/);
  });
});
