import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { DB } from '../db/types.ts';
import { portalRunsOn } from './backup-socket.ts';
import { databaseVersion, postgresServerVersion } from './engine-versions.ts';
import { appliedMigrations, knowsMigration, pendingMigrations } from './migration-level.ts';

/**
 * `npm run doctor`: what an operator wants to know before (re)starting the portal, without starting it:
 * does the configuration parse, is the database reachable, recent enough and migrated, are the keys there,
 * does the SMTP server answer, is there disk space. `fail` makes the exit code 1; `warn` only with --strict.
 */
export type CheckStatus = 'ok' | 'warn' | 'fail';
export interface Check {
  name: string;
  status: CheckStatus;
  detail: string;
}

/** pg-boss 12 needs PostgreSQL 13; CI runs the suite on 15. */
const MIN_POSTGRES = 13;
const TESTED_POSTGRES = 15;

export interface DoctorOptions {
  /** Below this much free space on DATA_DIR's file system: fail (default 512 MiB). */
  minFreeBytes?: number;
  /** Below this: warn (default 2 GiB). */
  lowFreeBytes?: number;
  /** How long the SMTP check may take (default 10 s). */
  smtpTimeoutMs?: number;
}

export async function doctorChecks(env: NodeJS.ProcessEnv, options: DoctorOptions = {}): Promise<Check[]> {
  const checks: Check[] = [];
  let config: Config | undefined;
  try {
    config = loadConfig(env);
    checks.push({
      name: 'configuration',
      status: 'ok',
      detail: `MODE=${config.MODE}, ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`}, PUBLIC_URL ${config.PUBLIC_URL}`,
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    checks.push({ name: 'configuration', status: 'fail', detail: error.message });
  }
  // Whatever the configuration's problems, the database and the disk can still be looked at.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const databaseUrl = config?.DATABASE_URL ?? cleaned.DATABASE_URL;
  const dataDir =
    config?.DATA_DIR ?? path.resolve(cleaned.INIT_CWD ?? process.cwd(), cleaned.DATA_DIR ?? './data');

  const keys = {
    mode: config?.MODE ?? cleaned.MODE ?? 'demo',
    fromEnvironment: Boolean(
      cleaned.IDENTITY_ADMIN_ACCESS_KEY_ID && cleaned.IDENTITY_ADMIN_SECRET_ACCESS_KEY,
    ),
  };
  checks.push(...(await databaseChecks(databaseUrl, dataDir, keys)));
  checks.push(await smtpCheck(config?.SMTP_URL ?? cleaned.SMTP_URL, config?.MODE ?? cleaned.MODE, options));
  checks.push(await diskCheck(dataDir, options));
  return checks;
}

async function databaseChecks(
  databaseUrl: string | undefined,
  dataDir: string,
  keys: KeySettings,
): Promise<Check[]> {
  const checks: Check[] = [];
  if (databaseUrl) {
    try {
      const version = await postgresServerVersion(databaseUrl);
      checks.push({
        name: 'PostgreSQL version',
        status: version.major < MIN_POSTGRES ? 'fail' : version.major < TESTED_POSTGRES ? 'warn' : 'ok',
        detail:
          version.major < MIN_POSTGRES
            ? `${version.text}: the portal needs PostgreSQL ${MIN_POSTGRES} or newer`
            : version.major < TESTED_POSTGRES
              ? `${version.text}: works, but the portal is tested on ${TESTED_POSTGRES} and newer`
              : version.text,
      });
    } catch (error) {
      checks.push({
        name: 'database',
        status: 'fail',
        detail: `cannot connect: ${(error as Error).message}`,
      });
      return checks;
    }
  } else {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      checks.push({
        name: 'database',
        status: 'warn',
        detail: `${dataDir} holds no database yet; the first start creates it`,
      });
      return checks;
    }
    if (await portalRunsOn(dataDir)) {
      checks.push({
        name: 'database',
        status: 'ok',
        detail: `a portal is running on ${dataDir}; PGlite is one process's, so its migrations and keys were not looked at`,
      });
      return checks;
    }
  }
  const database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl, maxConnections: 1 } : { kind: 'pglite', dataDir },
  );
  try {
    if (!databaseUrl) {
      checks.push({
        name: 'database',
        status: 'ok',
        detail: `PGlite, PostgreSQL ${(await databaseVersion(database.db)).text}`,
      });
    }
    const applied = await appliedMigrations(database.db);
    const unknown = applied.filter((name) => !knowsMigration(name));
    const pending = pendingMigrations(applied);
    checks.push(
      unknown.length > 0
        ? {
            name: 'migrations',
            status: 'fail',
            detail: `the database has migrations this version does not know (${unknown.join(', ')}): it was used by a newer version`,
          }
        : pending.length > 0
          ? {
              name: 'migrations',
              status: 'warn',
              detail: `${pending.length} pending, applied at the next start: ${pending.join(', ')}`,
            }
          : { name: 'migrations', status: 'ok', detail: `up to date (${applied.at(-1)})` },
    );
    if (applied.length > 0) checks.push(...(await keyChecks(database.db, keys)));
  } catch (error) {
    checks.push({ name: 'database', status: 'fail', detail: (error as Error).message });
  } finally {
    await database.close();
  }
  return checks;
}

/** Admin keys (environment or generated), the pool's signing keys, and the platforms' ingest keys. */
interface KeySettings {
  mode: string;
  /** Both IDENTITY_ADMIN_* are set (whether valid is the configuration check's to say). */
  fromEnvironment: boolean;
}

async function keyChecks(db: Kysely<DB>, { mode, fromEnvironment }: KeySettings): Promise<Check[]> {
  const checks: Check[] = [];
  const stored = await db
    .selectFrom('identity_secrets')
    .select('name')
    .where('name', 'in', ['admin-access-key-id', 'admin-secret-access-key'])
    .execute();
  checks.push(
    fromEnvironment
      ? { name: 'admin keys', status: 'ok', detail: 'from IDENTITY_ADMIN_* in the environment' }
      : stored.length === 2
        ? { name: 'admin keys', status: 'ok', detail: 'generated and kept in the database (embedded pool)' }
        : {
            name: 'admin keys',
            status: mode === 'production' ? 'fail' : 'ok',
            detail:
              mode === 'production'
                ? 'IDENTITY_ADMIN_* must be set in MODE=production'
                : 'not generated yet; the first start generates them',
          },
  );
  const signing = await sql<{ purposes: number }>`
    select count(distinct purpose)::int as purposes from identity_signing_keys`.execute(db);
  checks.push({
    name: 'signing keys',
    status: 'ok',
    detail:
      (signing.rows[0]?.purposes ?? 0) > 0
        ? `${signing.rows[0]?.purposes} kinds of token signing keys in the database`
        : 'none yet; generated at the first sign-in (a restored backup brings its own)',
  });
  const ingest = await db
    .selectFrom('ingest_keys')
    .select(['platform', (eb) => eb.fn.countAll<number>().as('keys')])
    .where('revoked_at', 'is', null)
    .groupBy('platform')
    .execute();
  checks.push(
    ingest.length > 0
      ? {
          name: 'ingest keys',
          status: 'ok',
          detail: ingest.map((row) => `${row.platform} ${row.keys}`).join(', '),
        }
      : {
          name: 'ingest keys',
          status: 'warn',
          detail: 'no live ingest key: no platform can report device state (npm run keys -- create …)',
        },
  );
  return checks;
}

/** Connects and says EHLO (and logs in, when the URL has credentials), as nodemailer's verify() does. */
async function smtpCheck(
  smtpUrl: string | undefined,
  mode: string | undefined,
  options: DoctorOptions,
): Promise<Check> {
  if (!smtpUrl) {
    return mode === 'production'
      ? { name: 'SMTP', status: 'fail', detail: 'SMTP_URL is not set: no mail would leave the portal' }
      : { name: 'SMTP', status: 'ok', detail: 'SMTP_URL not set: mail goes to the outbox table (demo)' };
  }
  const timeout = options.smtpTimeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const where = (() => {
    try {
      const url = new URL(smtpUrl);
      return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    } catch {
      return 'the SMTP server';
    }
  })();
  try {
    await transport.verify();
    return { name: 'SMTP', status: 'ok', detail: `${where} answers` };
  } catch (error) {
    return { name: 'SMTP', status: 'fail', detail: `${where}: ${(error as Error).message}` };
  } finally {
    transport.close();
  }
}

async function diskCheck(dataDir: string, options: DoctorOptions): Promise<Check> {
  const minimum = options.minFreeBytes ?? 512 * 1024 ** 2;
  const low = options.lowFreeBytes ?? 2 * 1024 ** 3;
  // DATA_DIR may not exist yet: its nearest existing parent is on the same file system.
  let folder = dataDir;
  while (!existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  const stats = await statfs(folder);
  const free = stats.bavail * stats.bsize;
  const detail = `${formatBytes(free)} free of ${formatBytes(stats.blocks * stats.bsize)} for ${dataDir}`;
  if (free < minimum)
    return { name: 'disk space', status: 'fail', detail: `${detail} (needs ${formatBytes(minimum)})` };
  if (free < low) return { name: 'disk space', status: 'warn', detail: `${detail} (low)` };
  return { name: 'disk space', status: 'ok', detail };
}

function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}
