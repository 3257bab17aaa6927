import { type Kysely, sql } from 'kysely';
import { migrations } from '../infrastructure/db/migrations/index.ts';

/** The last migration applied to a database ('' when none: an empty database). */
export async function currentMigration<T>(db: Kysely<T>): Promise<string> {
  const exists = await sql<{
    found: string | null;
  }>`select to_regclass('public.kysely_migration')::text as found`.execute(db);
  if (!exists.rows[0]?.found) return '';
  const last = await sql<{
    name: string;
  }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return last.rows[0]?.name ?? '';
}

/** Migrations this version knows but the database has not had yet. */
export function pendingMigrations(applied: readonly string[]): string[] {
  const done = new Set(applied);
  return Object.keys(migrations).filter((name) => !done.has(name));
}

/** Whether this version knows a migration (a backup from a newer version carries one it does not). */
export const knowsMigration = (name: string) => name === '' || name in migrations;

/** Every migration applied to a database, in order. */
export async function appliedMigrations<T>(db: Kysely<T>): Promise<string[]> {
  if (!(await currentMigration(db))) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}
