import { type Kysely, sql } from 'kysely';

/*
 * A company's two-step sign-in policy (issue 25 item 7): when set, a member without a second factor (an
 * authenticator app, e-mailed codes or a passkey) can call nothing but their profile and the identity pool
 * until they have set one up (decision 0027).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies add column require_mfa boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies drop column if exists require_mfa`.execute(db);
}
