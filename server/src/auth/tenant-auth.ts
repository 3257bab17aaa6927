import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, unauthorized } from '../domain/errors.ts';
import { isEmbeddedPool } from '../identity/issuer.ts';
import type { Authority } from './access-rule.ts';
import { authorityQuery, toAuthority } from './authority.ts';
import { type TenantClaims, verifyTenantToken } from './tenant-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    tenant?: TenantClaims;
  }
}

export const tenantIssuer = (publicUrl: string) => `${publicUrl}/api/reseller`;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * onRequest hook for the platform services: a valid company or organization token whose user is still
 * a member of that company (a deleted member's tokens stop working at once) and whose sign-in is still
 * valid (GlobalSignOut, a revoked refresh token or a disabled user end the tokens derived from it).
 * Also reads the caller's authority for the access guard: all of it in one round trip.
 */
export function requireTenantToken(app: FastifyInstance, accepted: ReadonlyArray<TenantClaims['kind']>) {
  const issuer = tenantIssuer(app.config.PUBLIC_URL);
  const embedded = isEmbeddedPool(app.config);
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await verifyTenantToken(app.db, issuer, token);
    if (!accepted.includes(claims.kind)) throw unauthorized('This token cannot be used here');
    const authority = embedded ? await withLiveSession(app, claims) : await memberAuthority(app, claims);
    if (!authority) throw unauthorized('Invalid or expired token');
    request.tenant = claims;
    request.authority = authority;
  };
}

const memberOf = (app: FastifyInstance, claims: TenantClaims) =>
  authorityQuery(app.db).where('users.id', '=', claims.sub).where('users.company_id', '=', claims.companyId);

/** With Amazon Cognito there is no local revocation list: like session tokens, valid until expiry. */
async function memberAuthority(app: FastifyInstance, claims: TenantClaims): Promise<Authority | undefined> {
  const row = await memberOf(app, claims).executeTakeFirst();
  return row && toAuthority(row);
}

/**
 * The embedded pool: the membership, the sign-in the token was obtained with (unrevoked, same user) and
 * the pool user (enabled), as the session verifier checks them. Tokens without origin_jti are refused.
 */
async function withLiveSession(app: FastifyInstance, claims: TenantClaims): Promise<Authority | undefined> {
  const { originJti } = claims;
  if (!originJti || !isUuid(originJti)) return undefined;
  const row = await memberOf(app, claims)
    .leftJoin('identity_refresh_tokens as session', (join) =>
      join.on('session.origin_jti', '=', originJti).onRef('session.sub', '=', 'users.id'),
    )
    .leftJoin('identity_users as pool_user', 'pool_user.sub', 'users.id')
    .select(['session.origin_jti', 'session.revoked_at', 'pool_user.enabled'])
    .executeTakeFirst();
  if (!row?.origin_jti || row.revoked_at || !row.enabled) return undefined;
  return toAuthority(row);
}

/** The request's tenant; only call behind requireTenantToken. */
export function tenantOf(request: FastifyRequest): TenantClaims {
  if (!request.tenant) throw unauthorized();
  return request.tenant;
}

/**
 * Throws 404 unless the organization is visible to the token: managed by its company, and the very
 * organization of an organization token. Existence elsewhere is never leaked.
 */
export async function assertOrganizationVisible(
  app: FastifyInstance,
  tenant: TenantClaims,
  orgId: string,
): Promise<void> {
  if (tenant.kind === 'organization' && tenant.orgId !== orgId) throw notFound('Organization not found');
  if (!isUuid(orgId)) throw notFound('Organization not found');
  const org = await app.db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', orgId)
    .where('company_id', '=', tenant.companyId)
    .executeTakeFirst();
  if (!org) throw notFound('Organization not found');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
