import type { Role } from '@portal/contracts/roles';
import { importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { unauthorized } from '../domain/errors.ts';
import type { DB } from '../infrastructure/db/types.ts';
import { signingKey } from '../infrastructure/secrets/signing-keys.ts';
import { VerifiedTokens } from './verified-tokens.ts';

/**
 * Company and organization tokens (ARCHITECTURE §3), issued by the reseller service and accepted by the
 * platform services. RS256 with their own persisted key pair.
 *
 * The company token names the company, not a list of orgIds: a dealer with a thousand customers would
 * need a ~40 KB header, past Node's 16 KB limit. Every service resolves "organizations this token may
 * see" as "organizations managed by this company" in SQL, which also takes effect at once when a
 * customer moves to another dealer. (docs/decisions/0003-tenant-tokens.md)
 *
 * Both carry `origin_jti`, the sign-in they were obtained with, so they die with it: GlobalSignOut or a
 * revoked refresh token refuses them on the next request (docs/decisions/0008-derived-tokens-and-role-guards.md).
 */
const KEY_PURPOSE = 'tenant';

/** The issuer of company and organization tokens: the reseller service, which hands them out. */
export const tenantIssuer = (publicUrl: string) => `${publicUrl}/api/reseller`;
export const TENANT_TOKEN_SECONDS = 3600;

interface DerivedClaims {
  sub: string;
  companyId: string;
  /** The session token's origin_jti; null only from a pool that does not revoke (external Cognito). */
  originJti: string | null;
  /** A partner's read-only view of the dealer `companyId` (issue 16): the member's own company. */
  viewerCompanyId?: string | null;
}
export interface CompanyTokenClaims extends DerivedClaims {
  kind: 'company';
  /** The role at issue time, for clients; the server reads the current role from the database. */
  role: Role;
}
export interface OrganizationTokenClaims extends DerivedClaims {
  kind: 'organization';
  orgId: string;
}
export type TenantClaims = CompanyTokenClaims | OrganizationTokenClaims;

export interface IssuedToken {
  token: string;
  /** Unix seconds. */
  expire: number;
}

export async function issueTenantToken(
  db: Kysely<DB>,
  issuer: string,
  claims: TenantClaims,
): Promise<IssuedToken> {
  const key = await signingKey(db, KEY_PURPOSE);
  const now = Math.floor(Date.now() / 1000);
  const expire = now + TENANT_TOKEN_SECONDS;
  const { kind, sub, originJti, viewerCompanyId, ...rest } = claims;
  const token = await new SignJWT({
    ...rest,
    ...(originJti ? { origin_jti: originJti } : {}),
    ...(viewerCompanyId ? { viewer_company_id: viewerCompanyId } : {}),
    token_use: kind,
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(issuer)
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(expire)
    .sign(key.privateKey);
  return { token, expire };
}

/** Verifies signature, issuer and expiry; throws a 401 otherwise. */
const publicKeys = new Map<string, ReturnType<typeof importJWK>>();
function publicKeyFor(kid: string, jwk: JWK) {
  let key = publicKeys.get(kid);
  if (!key) {
    key = importJWK(jwk, 'RS256');
    publicKeys.set(kid, key);
  }
  return key;
}

/** Per database (each has its own key), the tokens verified recently (see VerifiedTokens). */
const verifiedTokens = new WeakMap<Kysely<DB>, VerifiedTokens<TenantClaims>>();

export async function verifyTenantToken(
  db: Kysely<DB>,
  issuer: string,
  token: string,
): Promise<TenantClaims> {
  let verified = verifiedTokens.get(db);
  if (!verified) {
    verified = new VerifiedTokens();
    verifiedTokens.set(db, verified);
  }
  const cacheKey = `${issuer} ${token}`;
  const cached = verified.get(cacheKey);
  if (cached) return cached;
  const key = await signingKey(db, KEY_PURPOSE);
  try {
    const publicKey = await publicKeyFor(key.kid, key.publicJwk);
    const { payload } = await jwtVerify(token, publicKey, { issuer, algorithms: ['RS256'] });
    const claims = tenantClaims(payload);
    // jose refuses a token from its exp on.
    if (claims && typeof payload.exp === 'number') verified.set(cacheKey, claims, payload.exp * 1000);
    if (claims) return claims;
  } catch {
    // Fall through to the one answer for every bad token.
  }
  throw unauthorized('Invalid or expired token');
}

function tenantClaims(payload: JWTPayload): TenantClaims | undefined {
  const sub = String(payload.sub ?? '');
  const companyId = String(payload.companyId ?? '');
  const originJti = typeof payload.origin_jti === 'string' ? payload.origin_jti : null;
  const viewerCompanyId = typeof payload.viewer_company_id === 'string' ? payload.viewer_company_id : null;
  if (payload.token_use === 'company' && sub && companyId) {
    return Object.freeze({
      kind: 'company',
      sub,
      companyId,
      originJti,
      ...(viewerCompanyId ? { viewerCompanyId } : {}),
      role: payload.role as Role,
    });
  }
  if (payload.token_use === 'organization' && sub && companyId && payload.orgId) {
    return Object.freeze({
      kind: 'organization',
      sub,
      companyId,
      originJti,
      ...(viewerCompanyId ? { viewerCompanyId } : {}),
      orgId: String(payload.orgId),
    });
  }
  return undefined;
}
