import { randomUUID } from 'node:crypto';
import { isValidPassword } from '@portal/contracts/password-policy';
import { type Kysely, sql } from 'kysely';
import { type IdentityConfig, identityConfigFromEnv } from '../../infrastructure/config/identity-config.ts';
import type { PoolUser } from '../../infrastructure/db/identity-tables.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { credentialsFor } from './credentials.ts';

export type PoolSettings = Pick<
  IdentityConfig,
  'COGNITO_USER_POOL_ID' | 'IDENTITY_TEMPORARY_PASSWORD_SECONDS'
>;

export interface NewPoolUserInput {
  /** Default: a new UUID. Use the same id for the domain's user row. */
  sub?: string;
  email: string;
  name?: string | null;
  password: string;
  /** true: FORCE_CHANGE_PASSWORD, the user must choose a new password at first sign-in. */
  temporary: boolean;
  locale?: string;
}

export class PoolUserExistsError extends Error {
  constructor() {
    super('An account with the given email already exists.');
  }
}

/**
 * Creates a user in the embedded pool (for seeding and for AdminCreateUser). The email is verified
 * and is also the sign-in alias; the internal username is the sub. Pass the app's config as
 * `settings`; without it the identity settings are read from the environment, as the server does.
 */
export async function createPoolUser(
  db: Kysely<DB>,
  input: NewPoolUserInput,
  settings: PoolSettings = identityConfigFromEnv(),
): Promise<{ sub: string }> {
  if (!isValidPassword(input.password)) throw new Error('The password does not satisfy the password policy');
  const sub = input.sub ?? randomUUID();
  const credentials = await credentialsFor(settings.COGNITO_USER_POOL_ID, sub, input.password);
  const now = new Date();
  const inserted = await db
    .insertInto('identity_users')
    .values({
      sub,
      username: sub,
      email: input.email.trim(),
      email_verified: true,
      name: input.name ?? null,
      locale: input.locale ?? 'en',
      status: input.temporary ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
      enabled: true,
      ...credentials,
      temporary_password_expires_at: input.temporary
        ? new Date(now.getTime() + settings.IDENTITY_TEMPORARY_PASSWORD_SECONDS * 1000)
        : null,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('sub')
    .executeTakeFirst();
  if (!inserted) throw new PoolUserExistsError();
  return { sub };
}

/** A user by internal username, sub or email alias (case-insensitive), as Cognito resolves `Username`. */
export async function findPoolUser(db: Kysely<DB>, usernameOrEmail: string): Promise<PoolUser | undefined> {
  const value = usernameOrEmail.trim();
  return db
    .selectFrom('identity_users')
    .selectAll()
    .where((eb) =>
      eb.or([eb('username', '=', value), eb(sql<string>`lower(email)`, '=', value.toLowerCase())]),
    )
    .executeTakeFirst();
}

/** Whether a `USERNAME` in a challenge response names this user (internal username or email, any case). */
export function namesUser(user: Pick<PoolUser, 'username' | 'email'>, name: string): boolean {
  const value = name.trim().toLowerCase();
  return value === user.username.toLowerCase() || value === user.email.toLowerCase();
}

export async function findPoolUserBySub(db: Kysely<DB>, sub: string): Promise<PoolUser | undefined> {
  return db.selectFrom('identity_users').selectAll().where('username', '=', sub).executeTakeFirst();
}

/**
 * Replaces the password (new SRP salt + verifier and hash). Temporary: FORCE_CHANGE_PASSWORD with a
 * fresh validity clock; permanent: CONFIRMED.
 */
export async function setPoolUserPassword(
  db: Kysely<DB>,
  settings: PoolSettings,
  user: Pick<PoolUser, 'sub' | 'username'>,
  password: string,
  temporary: boolean,
): Promise<void> {
  const credentials = await credentialsFor(settings.COGNITO_USER_POOL_ID, user.username, password);
  const now = new Date();
  await db
    .updateTable('identity_users')
    .set({
      ...credentials,
      status: temporary ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
      temporary_password_expires_at: temporary
        ? new Date(now.getTime() + settings.IDENTITY_TEMPORARY_PASSWORD_SECONDS * 1000)
        : null,
      failed_attempts: 0,
      locked_until: null,
      updated_at: now,
    })
    .where('sub', '=', user.sub)
    .execute();
}
