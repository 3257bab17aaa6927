import { randomBytes } from 'node:crypto';
import type { WhereInterface } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import type { IdentityContext } from '../context.ts';
import { sha256Hex } from '../tokens/refresh-tokens.ts';

/** MFA: a second-factor step; its data names the challenge (identity/mfa/mfa-sessions.ts). */
type Kind = 'SRP' | 'NEW_PASSWORD_REQUIRED' | 'SELECT_CHALLENGE' | 'WEB_AUTHN' | 'MFA';

export interface AuthSession {
  sub: string;
  data: Record<string, string>;
}

/**
 * Starts a one-time sign-in step that expires after IDENTITY_AUTH_SESSION_SECONDS and returns the
 * opaque handle for the client (an SRP SECRET_BLOCK, or a challenge `Session`); only its hash is kept.
 */
export async function startAuthSession(
  ctx: IdentityContext,
  kind: Kind,
  sub: string,
  data: Record<string, string>,
): Promise<string> {
  const handle = randomBytes(kind === 'SRP' ? 64 : 48).toString(kind === 'SRP' ? 'base64' : 'base64url');
  const now = ctx.now();
  await ctx.db
    .insertInto('identity_auth_sessions')
    .values({
      id_hash: sha256Hex(handle),
      kind,
      sub,
      client_id: ctx.config.COGNITO_CLIENT_ID,
      data: JSON.stringify(data),
      expires_at: new Date(now.getTime() + ctx.config.IDENTITY_AUTH_SESSION_SECONDS * 1000),
    })
    .execute();
  // Expired handles are useless; sweeping them here keeps the table small without a scheduler.
  await ctx.db.deleteFrom('identity_auth_sessions').where('expires_at', '<', now).execute();
  return handle;
}

interface StoredSession {
  sub: string;
  data: unknown;
  client_id: string;
  expires_at: Date;
}

/** The session a stored row holds for this client, unless it has expired. */
function liveSession(
  ctx: IdentityContext,
  row: StoredSession | undefined,
  clientId: string,
): AuthSession | undefined {
  if (!row || row.expires_at <= ctx.now() || row.client_id !== clientId) return undefined;
  return { sub: row.sub, data: row.data as Record<string, string> };
}

const SESSION_COLUMNS = ['sub', 'data', 'client_id', 'expires_at'] as const;

/** The row of a handle of this kind, found by the handle's hash (the handle itself is never stored). */
const namedBy =
  (kind: Kind, handle: string) =>
  <Query extends WhereInterface<DB, 'identity_auth_sessions'>>(query: Query): Query =>
    query.where('id_hash', '=', sha256Hex(handle)).where('kind', '=', kind) as Query;

/** The live session behind a handle for this client, or undefined (unknown, expired, another client or kind). */
type SessionByHandle = (
  ctx: IdentityContext,
  kind: Kind,
  handle: string,
  clientId: string,
) => Promise<AuthSession | undefined>;

/** Reads the session without using it up: a step checks what it is answering before it takes the session. */
export const findAuthSession: SessionByHandle = async (ctx, kind, handle, clientId) => {
  const row = await ctx.db
    .selectFrom('identity_auth_sessions')
    .select(SESSION_COLUMNS)
    .$call(namedBy(kind, handle))
    .executeTakeFirst();
  return liveSession(ctx, row, clientId);
};

/** Takes the session for use; each handle works once, in whichever process it arrives. */
export const consumeAuthSession: SessionByHandle = async (ctx, kind, handle, clientId) => {
  const row = await ctx.db
    .deleteFrom('identity_auth_sessions')
    .$call(namedBy(kind, handle))
    .returning(SESSION_COLUMNS)
    .executeTakeFirst();
  return liveSession(ctx, row, clientId);
};
