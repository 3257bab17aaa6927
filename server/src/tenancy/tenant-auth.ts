import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, unauthorized } from '../http/errors.ts';
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
 * a member of that company (a deleted member's tokens stop working at once).
 */
export function requireTenantToken(app: FastifyInstance, accepted: ReadonlyArray<TenantClaims['kind']>) {
  const issuer = tenantIssuer(app.config.PUBLIC_URL);
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await verifyTenantToken(app.db, issuer, token);
    if (!accepted.includes(claims.kind)) throw unauthorized('This token cannot be used here');
    const member = await app.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', claims.sub)
      .where('company_id', '=', claims.companyId)
      .executeTakeFirst();
    if (!member) throw unauthorized('Invalid or expired token');
    request.tenant = claims;
  };
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
