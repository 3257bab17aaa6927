import { randomInt } from 'node:crypto';
import { isValidPassword } from '@portal/contracts/password-policy';
import type { Kysely } from 'kysely';
import type { DB } from '../infrastructure/db/types.ts';
import { storedSecret } from '../infrastructure/secrets/stored-secrets.ts';

// No look-alikes (0/O, 1/l/I), so a password read off the console is typed right.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** Three groups of four random characters, e.g. `k7Qm-Xr2p-Wd9a`, satisfying SPEC §5's policy. */
export function generateDemoPassword(): string {
  for (;;) {
    const groups = Array.from({ length: 3 }, () =>
      Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    );
    const password = groups.join('-');
    if (isValidPassword(password)) return password;
  }
}

/**
 * A demo account's password: generated when the account is first seeded and kept in the database, so
 * every start (and every process on the database) prints and writes the same one. Demo passwords are
 * printed at start on purpose; they are never part of the source.
 */
export function demoPassword(db: Kysely<DB>, email: string): Promise<string> {
  return storedSecret(db, `demo-password:${email}`, generateDemoPassword);
}

/** The stored demo password, or undefined for an account seeded before passwords were generated. */
export async function storedDemoPassword(db: Kysely<DB>, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('identity_secrets')
    .select('value')
    .where('name', '=', `demo-password:${email}`)
    .executeTakeFirst();
  return row?.value;
}
