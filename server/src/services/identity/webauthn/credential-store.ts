import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';

export type StoredCredential = Selectable<DB['identity_webauthn_credentials']>;

/** Cognito's limit of passkeys per user. */
export const MAX_CREDENTIALS_PER_USER = 20;

export function credentialsOf(db: Kysely<DB>, sub: string): Promise<StoredCredential[]> {
  return db
    .selectFrom('identity_webauthn_credentials')
    .selectAll()
    .where('sub', '=', sub)
    .orderBy('created_at')
    .orderBy('credential_id')
    .execute();
}

export async function countCredentials(db: Kysely<DB>, sub: string): Promise<number> {
  const row = await db
    .selectFrom('identity_webauthn_credentials')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sub', '=', sub)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One of the user's credentials; another user's is as absent as an unknown one. */
export function findUserCredential(
  db: Kysely<DB>,
  sub: string,
  credentialId: string,
): Promise<StoredCredential | undefined> {
  return db
    .selectFrom('identity_webauthn_credentials')
    .selectAll()
    .where('sub', '=', sub)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/**
 * Records a successful assertion: the authenticator's new counter and the time. The update only applies if
 * the stored counter is still the one the assertion was checked against, so two concurrent sign-ins with
 * one counter value cannot both count.
 */
export async function recordCredentialUse(
  db: Kysely<DB>,
  credential: StoredCredential,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('identity_webauthn_credentials')
    .set({ sign_count: newCounter, last_used_at: now })
    .where('credential_id', '=', credential.credential_id)
    .where('sign_count', '=', credential.sign_count)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
