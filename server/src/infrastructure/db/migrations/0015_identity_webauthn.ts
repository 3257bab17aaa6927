import { type Kysely, sql } from 'kysely';

/*
 * Passkeys (WebAuthn) of the embedded pool (issue 25 item 3): each user's registered credentials, and the
 * challenges of registrations begun with StartWebAuthnRegistration (sign-in challenges live in
 * identity_auth_sessions with the challenge's Session). A challenge is kept as a hash, expires, and is
 * deleted when used, so it works once.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table identity_webauthn_credentials (
    credential_id text primary key check (length(credential_id) between 1 and 1400),
    sub uuid not null references identity_users (sub) on delete cascade,
    public_key text not null,
    sign_count bigint not null default 0 check (sign_count >= 0),
    transports text[] not null default '{}',
    authenticator_attachment text check (authenticator_attachment in ('platform', 'cross-platform')),
    friendly_name text not null check (length(friendly_name) between 1 and 256),
    relying_party_id text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz
  )`.execute(db);
  await sql`create index identity_webauthn_credentials_sub_idx
    on identity_webauthn_credentials (sub, created_at, credential_id)`.execute(db);

  await sql`create table identity_webauthn_registrations (
    challenge_hash text primary key,
    sub uuid not null references identity_users (sub) on delete cascade,
    client_id text not null,
    relying_party_id text not null,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index identity_webauthn_registrations_expires_idx
    on identity_webauthn_registrations (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists identity_webauthn_registrations`.execute(db);
  await sql`drop table if exists identity_webauthn_credentials`.execute(db);
}
