import { type Kysely, sql } from 'kysely';

/**
 * Secrets the server generates on first start and keeps (embedded pool admin keys, the key of simulated
 * sign-in answers), so every process on one database uses the same ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table identity_secrets (
    name text primary key,
    value text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists identity_secrets`.execute(db);
}
