import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';

/** Secrets never change once stored, so each process keeps what it has read. */
const cache = new WeakMap<Kysely<DB>, Map<string, Promise<string>>>();

/**
 * The secret stored under `name`, generated on first use; when two processes race to create it, the
 * database keeps one and both use it.
 */
export function storedSecret(db: Kysely<DB>, name: string, generate: () => string): Promise<string> {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let secret = perDb.get(name);
  if (!secret) {
    secret = loadOrCreate(db, name, generate);
    secret.catch(() => perDb.delete(name));
    perDb.set(name, secret);
  }
  return secret;
}

async function loadOrCreate(db: Kysely<DB>, name: string, generate: () => string): Promise<string> {
  await db
    .insertInto('identity_secrets')
    .values({ name, value: generate() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('identity_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
