import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export interface RefreshSession {
  originJti: string;
  sub: string;
  clientId: string;
  authTime: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** A new sign-in: an opaque 384-bit refresh token, stored hashed, bound to a fresh origin_jti. */
export async function createRefreshSession(
  db: Kysely<DB>,
  input: { sub: string; clientId: string; now: Date; lifetimeSeconds: number },
): Promise<{ refreshToken: string; session: RefreshSession }> {
  const refreshToken = randomBytes(48).toString('base64url');
  const session: RefreshSession = {
    originJti: randomUUID(),
    sub: input.sub,
    clientId: input.clientId,
    authTime: input.now,
    expiresAt: new Date(input.now.getTime() + input.lifetimeSeconds * 1000),
    revokedAt: null,
  };
  await db
    .insertInto('identity_refresh_tokens')
    .values({
      token_hash: sha256Hex(refreshToken),
      origin_jti: session.originJti,
      sub: session.sub,
      client_id: session.clientId,
      auth_time: session.authTime,
      expires_at: session.expiresAt,
    })
    .execute();
  return { refreshToken, session };
}

const columns = ['origin_jti', 'sub', 'client_id', 'auth_time', 'expires_at', 'revoked_at'] as const;

function toSession(row: {
  origin_jti: string;
  sub: string;
  client_id: string;
  auth_time: Date;
  expires_at: Date;
  revoked_at: Date | null;
}): RefreshSession {
  return {
    originJti: row.origin_jti,
    sub: row.sub,
    clientId: row.client_id,
    authTime: row.auth_time,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

export async function findRefreshSession(
  db: Kysely<DB>,
  refreshToken: string,
): Promise<RefreshSession | undefined> {
  const row = await db
    .selectFrom('identity_refresh_tokens')
    .select(columns)
    .where('token_hash', '=', sha256Hex(refreshToken))
    .executeTakeFirst();
  return row && toSession(row);
}

/** The sign-in behind a token's origin_jti; undefined once the user is deleted. */
export async function findSessionByOriginJti(
  db: Kysely<DB>,
  originJti: string,
): Promise<RefreshSession | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(originJti)) return undefined;
  const row = await db
    .selectFrom('identity_refresh_tokens')
    .select(columns)
    .where('origin_jti', '=', originJti)
    .executeTakeFirst();
  return row && toSession(row);
}

/** RevokeToken: the refresh token and every token minted from it (same origin_jti). */
export async function revokeSession(db: Kysely<DB>, originJti: string, now: Date): Promise<void> {
  await db
    .updateTable('identity_refresh_tokens')
    .set({ revoked_at: now })
    .where('origin_jti', '=', originJti)
    .where('revoked_at', 'is', null)
    .execute();
}

/** GlobalSignOut: every sign-in of the user. */
export async function revokeAllSessions(db: Kysely<DB>, sub: string, now: Date): Promise<void> {
  await db
    .updateTable('identity_refresh_tokens')
    .set({ revoked_at: now })
    .where('sub', '=', sub)
    .where('revoked_at', 'is', null)
    .execute();
}
