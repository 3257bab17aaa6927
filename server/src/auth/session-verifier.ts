import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import type { Kysely } from 'kysely';
import type { Config } from '../infrastructure/config/config.ts';
import { isEmbeddedPool, issuerOf, jwksUriOf } from '../infrastructure/config/token-issuer.ts';
import type { DB } from '../infrastructure/db/types.ts';
import { publicJwks } from '../infrastructure/secrets/signing-keys.ts';
import { VerifiedTokens } from './verified-tokens.ts';

/** Who is calling, from a verified session token (id or access token of the user pool). */
export interface SessionClaims {
  sub: string;
  /** The id token's email; null for an access token, which carries none. */
  email: string | null;
  /** cognito:username (id token) or username (access token): the pool's internal username. */
  username: string;
  /** The sign-in the token comes from; null only from a pool that does not revoke tokens. */
  originJti: string | null;
  tokenUse: 'id' | 'access';
}

export class SessionRejectedError extends Error {}

const GRACE_SECONDS = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies session tokens the way a backend verifies Amazon Cognito's (COGNITO.md §5.5, option 2):
 * aws-jwt-verify's generic JwtVerifier with issuer, JWKS URL and client id from configuration.
 * With the embedded pool the JWKS is read from the database (no request to our own URL) and revoked
 * sign-ins (RevokeToken, GlobalSignOut) and deleted or disabled users are refused. With Amazon Cognito,
 * revocation is enforced by Cognito's own APIs only; a token stays valid offline until it expires.
 */
export class SessionVerifier {
  private readonly verifier;
  private jwksLoaded: Promise<void> | undefined;
  private readonly verified = new VerifiedTokens<SessionClaims>();

  constructor(
    private readonly config: Config,
    private readonly db: Kysely<DB>,
  ) {
    const clientId = config.COGNITO_CLIENT_ID;
    this.verifier = JwtVerifier.create({
      issuer: issuerOf(config),
      jwksUri: jwksUriOf(config),
      audience: null,
      graceSeconds: GRACE_SECONDS,
      customJwtCheck: ({ payload }) =>
        validateCognitoJwtFields(payload, { tokenUse: null, clientId, groups: null }),
    });
  }

  /** The whole check: signature and claims, and (embedded pool) the sign-in not revoked, the user enabled. */
  async verify(token: string): Promise<SessionClaims> {
    const claims = await this.claimsOf(token);
    if (isEmbeddedPool(this.config)) await this.assertNotRevoked(claims.sub, claims.originJti);
    return claims;
  }

  /**
   * Signature, issuer, expiry and Cognito fields only. The caller hook reads revocation in the same
   * statement as the caller (domain/members/caller.ts) instead of asking `verify` for a round trip of its own.
   */
  async claimsOf(token: string): Promise<SessionClaims> {
    return this.verified.get(token) ?? (await this.verifySignature(token, isEmbeddedPool(this.config)));
  }

  /** Signature, issuer, expiry and Cognito fields, once per token string (see VerifiedTokens). */
  private async verifySignature(token: string, embedded: boolean): Promise<SessionClaims> {
    if (embedded) await this.loadEmbeddedJwks();
    let payload: Awaited<ReturnType<typeof this.verifier.verify>>;
    try {
      payload = await this.verifier.verify(token);
    } catch (error) {
      throw new SessionRejectedError((error as Error).message);
    }
    const tokenUse = payload.token_use === 'id' ? 'id' : 'access';
    const username = tokenUse === 'id' ? payload['cognito:username'] : payload.username;
    const originJti = typeof payload.origin_jti === 'string' ? payload.origin_jti : null;
    if (typeof payload.sub !== 'string' || typeof username !== 'string') {
      throw new SessionRejectedError('token without sub or username');
    }
    const claims: SessionClaims = Object.freeze({
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : null,
      username,
      originJti,
      tokenUse,
    });
    // aws-jwt-verify accepts a token until exp + graceSeconds.
    if (typeof payload.exp === 'number')
      this.verified.set(token, claims, (payload.exp + GRACE_SECONDS) * 1000);
    return claims;
  }

  /**
   * One round trip per request: the sign-in behind the token (unrevoked, same user) and the pool user
   * (still there, enabled).
   */
  private async assertNotRevoked(sub: string, originJti: string | null): Promise<void> {
    if (!originJti || !UUID.test(originJti)) throw new SessionRejectedError('token without origin_jti');
    const row = await this.db
      .selectFrom('identity_refresh_tokens as session')
      .leftJoin('identity_users as user', (join) => join.on('user.username', '=', sub))
      .select(['session.sub', 'session.revoked_at', 'user.enabled'])
      .where('session.origin_jti', '=', originJti)
      .executeTakeFirst();
    if (!row || row.revoked_at || row.sub !== sub) throw new SessionRejectedError('token revoked');
    if (!row.enabled) throw new SessionRejectedError('user deleted or disabled');
  }

  private loadEmbeddedJwks(): Promise<void> {
    this.jwksLoaded ??= publicJwks(this.db, ['id', 'access'])
      .then((jwks) => this.verifier.cacheJwks(jwks as Parameters<typeof this.verifier.cacheJwks>[0]))
      .catch((error) => {
        this.jwksLoaded = undefined;
        throw error;
      });
    return this.jwksLoaded;
  }
}
