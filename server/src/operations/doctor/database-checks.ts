import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../../infrastructure/db/database.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { portalRunsOn } from '../backup-socket.ts';
import { databaseVersion, postgresServerVersion } from '../engine-versions.ts';
import { appliedMigrations, knowsMigration, pendingMigrations } from '../migration-level.ts';
import type { Check } from './check.ts';

/** pg-boss 12 needs PostgreSQL 13; CI runs the suite on 15. */
const MIN_POSTGRES = 13;
const TESTED_POSTGRES = 15;

export async function databaseChecks(
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
export interface KeySettings {
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
