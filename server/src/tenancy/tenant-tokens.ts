import type { Role } from '@portal/contracts/roles';
import { importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { unauthorized } from '../http/errors.ts';
import { signingKey } from '../identity/tokens/signing-keys.ts';

/**
 * Company and organization tokens (ARCHITECTURE §3), issued by the reseller service and accepted by the
 * platform services. RS256 with their own persisted key pair.
 *
 * The company token names the company, not a list of orgIds: a dealer with a thousand customers would
 * need a ~40 KB header, past Node's 16 KB limit. Every service resolves "organizations this token may
 * see" as "organizations managed by this company" in SQL, which also takes effect at once when a
 * customer moves to another dealer. (docs/decisions/0003-tenant-tokens.md)
 */
const KEY_PURPOSE = 'tenant';
export const TENANT_TOKEN_SECONDS = 3600;

export interface CompanyTokenClaims {
  kind: 'company';
  sub: string;
  companyId: string;
  role: Role;
}
export interface OrganizationTokenClaims {
  kind: 'organization';
  sub: string;
  companyId: string;
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
  const { kind, sub, ...rest } = claims;
  const token = await new SignJWT({ ...rest, token_use: kind })
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

export async function verifyTenantToken(
  db: Kysely<DB>,
  issuer: string,
  token: string,
): Promise<TenantClaims> {
  const key = await signingKey(db, KEY_PURPOSE);
  try {
    const publicKey = await publicKeyFor(key.kid, key.publicJwk);
    const { payload } = await jwtVerify(token, publicKey, { issuer, algorithms: ['RS256'] });
    const sub = String(payload.sub ?? '');
    const companyId = String(payload.companyId ?? '');
    if (payload.token_use === 'company' && sub && companyId) {
      return { kind: 'company', sub, companyId, role: payload.role as Role };
    }
    if (payload.token_use === 'organization' && sub && companyId && payload.orgId) {
      return { kind: 'organization', sub, companyId, orgId: String(payload.orgId) };
    }
  } catch {
    // Fall through to the one answer for every bad token.
  }
  throw unauthorized('Invalid or expired token');
}
