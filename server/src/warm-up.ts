import type { FastifyBaseLogger } from 'fastify';
import { SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from './infrastructure/db/types.ts';
import { signingKey } from './infrastructure/secrets/signing-keys.ts';
import { prepareSrpGroup } from './services/identity/srp/srp-math.ts';

/** The signing keys a sign-in and the first screen use: the id and access tokens, then the company token. */
export const SIGN_IN_KEY_PURPOSES = ['id', 'access', 'tenant'] as const;

/**
 * What the first sign-in after a start would otherwise wait for (issue 24 item 3: it took 5 s), done before
 * the server reports ready: the SRP group's Diffie-Hellman object (Node 24's OpenSSL checks the 3072-bit
 * prime when one is made, ~1.4 s), the RS256 key pairs of a fresh database (made on first use, up to a
 * second each on a busy machine) read and imported, and jose's signing path run once.
 */
export async function warmUp(db: Kysely<DB>, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  prepareSrpGroup();
  const keys = await Promise.all(SIGN_IN_KEY_PURPOSES.map((purpose) => signingKey(db, purpose)));
  await Promise.all(
    keys.map((key) =>
      new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: key.kid }).sign(key.privateKey),
    ),
  );
  log.info({ ms: Math.round(performance.now() - started) }, 'warmed up for the first sign-in');
}
