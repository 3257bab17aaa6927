import type { IdentityContext } from '../context.ts';
import { MESSAGES, notAuthorized } from '../errors.ts';
import { type RequestBody, requireClient, requiredString } from '../protocol/params.ts';
import { type AuthenticationResult, issueTokens } from '../tokens/issue-tokens.ts';
import { findRefreshSession } from '../tokens/refresh-tokens.ts';
import { findPoolUserBySub } from '../users.ts';

/**
 * New id and access tokens for a refresh token; the refresh token itself is not rotated, so none is
 * returned. Every refusal is a NotAuthorizedException, which makes Amplify sign the user out.
 */
export async function refreshWithToken(
  ctx: IdentityContext,
  refreshToken: string,
): Promise<{ AuthenticationResult: AuthenticationResult }> {
  const session = await findRefreshSession(ctx.db, refreshToken);
  if (!session || session.clientId !== ctx.config.COGNITO_CLIENT_ID) {
    throw notAuthorized('Invalid Refresh Token');
  }
  if (session.revokedAt) throw notAuthorized('Refresh Token has been revoked');
  if (session.expiresAt <= ctx.now()) throw notAuthorized('Refresh Token has expired');
  const user = await findPoolUserBySub(ctx.db, session.sub);
  if (!user) throw notAuthorized('Invalid Refresh Token');
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  return { AuthenticationResult: await issueTokens(ctx, user, session) };
}

/** GetTokensFromRefreshToken (what Amplify ≥ 6.15.4 calls). */
export async function getTokensFromRefreshToken(ctx: IdentityContext, body: RequestBody): Promise<object> {
  requireClient(ctx.config, body);
  return refreshWithToken(ctx, requiredString(body, 'RefreshToken'));
}
