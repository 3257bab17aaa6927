import { errors, importJWK, type JWTPayload, jwtVerify } from 'jose';
import { issuerOf } from '../../../infrastructure/config/token-issuer.ts';
import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import { signingKey } from '../../../infrastructure/secrets/signing-keys.ts';
import type { IdentityContext } from '../context.ts';
import { MESSAGES, notAuthorized, userNotFound } from '../errors.ts';
import { findPoolUserBySub } from '../users.ts';
import { findSessionByOriginJti } from './refresh-tokens.ts';

export interface AccessTokenOwner {
  user: PoolUser;
  originJti: string;
}

/**
 * The user behind an access token sent to a token-authorised operation (GetUser, ChangePassword,
 * GlobalSignOut): signature, expiry, issuer, client and scope, then revocation and the user's state.
 */
export async function authenticateAccessToken(
  ctx: IdentityContext,
  token: unknown,
): Promise<AccessTokenOwner> {
  if (typeof token !== 'string' || token === '') throw notAuthorized('Invalid Access Token');
  const key = await signingKey(ctx.db, 'access');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await importJWK(key.publicJwk, 'RS256'), {
      algorithms: ['RS256'],
      issuer: issuerOf(ctx.config),
      currentDate: ctx.now(),
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw notAuthorized('Access Token has expired');
    throw notAuthorized('Invalid Access Token');
  }
  const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
  if (
    payload.token_use !== 'access' ||
    payload.client_id !== ctx.config.COGNITO_CLIENT_ID ||
    !scopes.includes('aws.cognito.signin.user.admin') ||
    typeof payload.sub !== 'string' ||
    typeof payload.origin_jti !== 'string'
  ) {
    throw notAuthorized('Invalid Access Token');
  }
  const user = await findPoolUserBySub(ctx.db, payload.sub);
  if (!user) throw userNotFound();
  const session = await findSessionByOriginJti(ctx.db, payload.origin_jti);
  if (!session || session.revokedAt) throw notAuthorized('Access Token has been revoked');
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  return { user, originJti: payload.origin_jti };
}
