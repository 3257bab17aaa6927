import { auditIdentityEvent } from '../audit-identity.ts';
import type { IdentityContext } from '../context.ts';
import { CognitoError } from '../errors.ts';
import { mfaSettingsView } from '../mfa/mfa-settings.ts';
import { type RequestBody, requireClient, requiredString } from '../protocol/params.ts';
import { authenticateAccessToken } from '../tokens/access-token.ts';
import { findRefreshSession, revokeAllSessions, revokeSession } from '../tokens/refresh-tokens.ts';
import { userAttributes } from '../user-attributes.ts';

/** GetUser: the signed-in user's attributes and MFA methods. */
export async function getUser(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const { user } = await authenticateAccessToken(ctx, requiredString(body, 'AccessToken'));
  return {
    Username: user.username,
    UserAttributes: userAttributes(user),
    ...(await mfaSettingsView(ctx, user.sub)),
  };
}

/** GlobalSignOut: revokes every sign-in of the user; tokens minted from them are refused. */
export async function globalSignOut(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const { user } = await authenticateAccessToken(ctx, requiredString(body, 'AccessToken'));
  await revokeAllSessions(ctx.db, user.sub, ctx.now());
  await auditIdentityEvent(ctx, user.sub, 'user.sign-out', { details: { everywhere: true } });
  return {};
}

/**
 * RevokeToken: revokes a refresh token and everything minted from it (its origin_jti). As RFC 7009
 * asks, a token we do not know is answered with success (our choice); a JWT is not a refresh token.
 */
export async function revokeToken(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const clientId = requireClient(ctx.config, body);
  const token = requiredString(body, 'Token');
  if (token.split('.').length === 3) {
    throw new CognitoError('UnsupportedTokenTypeException', 'The token provided is not a refresh token.');
  }
  const session = await findRefreshSession(ctx.db, token);
  if (!session) return {};
  if (session.clientId !== clientId) {
    throw new CognitoError('UnauthorizedException', 'The token was not issued to this client.');
  }
  await revokeSession(ctx.db, session.originJti, ctx.now());
  if (!session.revokedAt) await auditIdentityEvent(ctx, session.sub, 'user.sign-out');
  return {};
}
