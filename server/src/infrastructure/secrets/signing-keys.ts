import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { JsonWebKeyRecord } from '../db/identity-tables.ts';
import type { DB } from '../db/types.ts';

/** What jose signs with (a WebCrypto key in Node). */
export type PrivateKey = Awaited<ReturnType<typeof importJWK>>;

export interface SigningKey {
  kid: string;
  purpose: string;
  privateKey: PrivateKey;
  publicJwk: JWK;
}

/** Keys never change once stored, so each process keeps what it has read. */
const cache = new WeakMap<Kysely<DB>, Map<string, Promise<SigningKey>>>();

/**
 * The RS256 key pair for a purpose ('id', 'access', or any other such as 'company'), created on first
 * use and persisted; when two processes race to create it, the database keeps one and both use it.
 */
export function signingKey(db: Kysely<DB>, purpose: string): Promise<SigningKey> {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let key = perDb.get(purpose);
  if (!key) {
    key = loadOrCreate(db, purpose);
    key.catch(() => perDb.delete(purpose));
    perDb.set(purpose, key);
  }
  return key;
}

async function loadOrCreate(db: Kysely<DB>, purpose: string): Promise<SigningKey> {
  const existing = await readKey(db, purpose);
  if (existing) return existing;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  await db
    .insertInto('identity_signing_keys')
    .values({
      kid,
      purpose,
      private_jwk: JSON.stringify(privateJwk),
      public_jwk: JSON.stringify(publicJwk),
    })
    .onConflict((oc) => oc.column('purpose').doNothing())
    .execute();
  const stored = await readKey(db, purpose);
  if (!stored) throw new Error(`signing key ${purpose} could not be stored`);
  return stored;
}

async function readKey(db: Kysely<DB>, purpose: string): Promise<SigningKey | undefined> {
  const row = await db
    .selectFrom('identity_signing_keys')
    .select(['kid', 'private_jwk', 'public_jwk'])
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return undefined;
  const privateKey = await importJWK(row.private_jwk as JsonWebKeyRecord, 'RS256');
  return { kid: row.kid, purpose, privateKey, publicJwk: row.public_jwk as JWK };
}

/** The public keys of the given purposes as a JWKS document. */
export async function publicJwks(db: Kysely<DB>, purposes: string[]): Promise<{ keys: JWK[] }> {
  const keys = await Promise.all(purposes.map((purpose) => signingKey(db, purpose)));
  return { keys: keys.map((key) => key.publicJwk) };
}
