import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { issuerOf } from '../../../infrastructure/config/token-issuer.ts';
import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import { signingKey } from '../../../infrastructure/secrets/signing-keys.ts';
import { auditIdentityEvent } from '../audit-identity.ts';
import type { IdentityContext } from '../context.ts';
import { createRefreshSession, type RefreshSession } from './refresh-tokens.ts';

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
  RefreshToken?: string;
}

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/** A successful sign-in: a new refresh session (origin_jti) and the first id + access tokens. */
export async function issueSignInTokens(ctx: IdentityContext, user: PoolUser): Promise<AuthenticationResult> {
  const { refreshToken, session } = await createRefreshSession(ctx.db, {
    sub: user.sub,
    clientId: ctx.config.COGNITO_CLIENT_ID,
    now: ctx.now(),
    lifetimeSeconds: ctx.config.IDENTITY_REFRESH_TOKEN_SECONDS,
  });
  const tokens = { ...(await issueTokens(ctx, user, session)), RefreshToken: refreshToken };
  await auditIdentityEvent(ctx, user.sub, 'user.sign-in');
  return tokens;
}

/**
 * Id and access tokens (COGNITO.md §5.2, §5.3) for a refresh session. Each issuance is its own event
 * (new event_id); auth_time stays the original sign-in time, as OIDC defines it.
 */
export async function issueTokens(
  ctx: IdentityContext,
  user: PoolUser,
  session: RefreshSession,
): Promise<AuthenticationResult> {
  const now = ctx.now();
  const lifetime = ctx.config.IDENTITY_ACCESS_TOKEN_SECONDS;
  const common = {
    sub: user.sub,
    origin_jti: session.originJti,
    event_id: randomUUID(),
    auth_time: epoch(session.authTime),
  };
  const sign = async (purpose: 'id' | 'access', claims: Record<string, unknown>) => {
    const key = await signingKey(ctx.db, purpose);
    return new SignJWT({ ...common, ...claims })
      .setProtectedHeader({ kid: key.kid, alg: 'RS256' })
      .setIssuer(issuerOf(ctx.config))
      .setIssuedAt(epoch(now))
      .setExpirationTime(epoch(now) + lifetime)
      .setJti(randomUUID())
      .sign(key.privateKey);
  };
  const [AccessToken, IdToken] = await Promise.all([
    sign('access', {
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      client_id: session.clientId,
      username: user.username,
    }),
    sign('id', {
      token_use: 'id',
      aud: session.clientId,
      'cognito:username': user.username,
      email: user.email,
      email_verified: user.email_verified,
      ...(user.name ? { name: user.name } : {}),
      locale: user.locale,
    }),
  ]);
  return { AccessToken, IdToken, ExpiresIn: lifetime, TokenType: 'Bearer' };
}
