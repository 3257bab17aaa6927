import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { storedSecret } from '../../../infrastructure/secrets/stored-secrets.ts';

/*
 * The unsubscribe link of incident mail: works without signing in, so the token is the credential. It is
 * signed with a key the server generates on first start and keeps in the database (identity_secrets, shared
 * by every process; no default in source), names one purpose and one user, and carries when it was issued.
 */

const KEY_NAME = 'mail-unsubscribe-hmac';
const PURPOSE = 'unsubscribe';
/** A link in an old mail keeps working this long. */
export const UNSUBSCRIBE_TOKEN_DAYS = 180;

export type TokenCheck =
  | { ok: true; userId: string; issuedAt: Date }
  | { ok: false; reason: 'malformed' | 'signature' | 'purpose' | 'expired' };

const key = (db: Kysely<DB>) => storedSecret(db, KEY_NAME, () => randomBytes(32).toString('base64url'));

function sign(secret: string, payload: string): string {
  return createHmac('sha256', Buffer.from(secret, 'base64url')).update(payload).digest('base64url');
}

export async function issueUnsubscribeToken(
  db: Kysely<DB>,
  userId: string,
  now = new Date(),
): Promise<string> {
  const payload = Buffer.from(
    JSON.stringify({ p: PURPOSE, u: userId, t: Math.floor(now.getTime() / 1000) }),
  ).toString('base64url');
  return `${payload}.${sign(await key(db), payload)}`;
}

export async function verifyUnsubscribeToken(
  db: Kysely<DB>,
  token: string,
  now = new Date(),
): Promise<TokenCheck> {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'malformed' };
  const [, payload = '', signature = ''] = match;
  const expected = Buffer.from(sign(await key(db), payload));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return { ok: false, reason: 'signature' };
  let claims: { p?: unknown; u?: unknown; t?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.p !== PURPOSE || typeof claims.u !== 'string' || typeof claims.t !== 'number')
    return { ok: false, reason: 'purpose' };
  const issuedAt = new Date(claims.t * 1000);
  if (
    now.getTime() - issuedAt.getTime() > UNSUBSCRIBE_TOKEN_DAYS * 86_400_000 ||
    issuedAt.getTime() > now.getTime() + 300_000
  )
    return { ok: false, reason: 'expired' };
  return { ok: true, userId: claims.u, issuedAt };
}
