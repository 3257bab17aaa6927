import { type Kysely, sql } from 'kysely';

/*
 * Second factors of the embedded pool (issue 25): TOTP and e-mail one-time codes.
 * - identity_user_mfa: one row per pool user who ever set a factor up. The TOTP seed is stored sealed
 *   (AES-256-GCM under a generated key in identity_secrets), the verified one apart from one associated but
 *   not yet verified; totp_last_step is the last 30 s step a code was accepted for (replay protection).
 *   The code_* columns are the lockout of wrong codes, kept apart from the password's so that proving the
 *   password again does not reset it.
 * - identity_mfa_email_codes: the e-mail code of a sign-in under way, as a keyed hash, with its expiry;
 *   deleted when used (single use) and replaced by the next one.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table identity_user_mfa (
    sub uuid primary key references identity_users (sub) on delete cascade,
    totp_secret_sealed text,
    totp_verified_at timestamptz,
    totp_device_name text check (totp_device_name is null or length(totp_device_name) <= 131),
    totp_pending_secret_sealed text,
    totp_enabled boolean not null default false,
    totp_last_step bigint,
    email_enabled boolean not null default false,
    preferred text check (preferred in ('SOFTWARE_TOKEN_MFA', 'EMAIL_OTP')),
    code_failed_attempts integer not null default 0,
    code_locked_until timestamptz,
    code_last_attempt_at timestamptz,
    updated_at timestamptz not null default now(),
    constraint identity_user_mfa_totp_verified check ((totp_secret_sealed is null) = (totp_verified_at is null)),
    constraint identity_user_mfa_totp_enabled check (not totp_enabled or totp_secret_sealed is not null),
    constraint identity_user_mfa_preferred_enabled check (
      preferred is null
      or (preferred = 'SOFTWARE_TOKEN_MFA' and totp_enabled)
      or (preferred = 'EMAIL_OTP' and email_enabled))
  )`.execute(db);

  await sql`create table identity_mfa_email_codes (
    sub uuid primary key references identity_users (sub) on delete cascade,
    code_hash text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists identity_mfa_email_codes`.execute(db);
  await sql`drop table if exists identity_user_mfa`.execute(db);
}
