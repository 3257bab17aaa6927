import { type Kysely, sql } from 'kysely';

/** One-time user-portal tokens (user-portal-auth `POST /organizations/{orgId}/otp`), stored hashed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table portal_one_time_tokens (
    token_hash text primary key,
    organization_id uuid not null references organizations (id) on delete cascade,
    company_id uuid not null references companies (id) on delete cascade,
    issued_to_user_id uuid references users (id) on delete set null,
    expires_at timestamptz not null,
    consumed_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  // Lets a periodic clean-up drop spent and expired tokens cheaply.
  await sql`create index portal_one_time_tokens_expiry_idx on portal_one_time_tokens (expires_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists portal_one_time_tokens`.execute(db);
}
