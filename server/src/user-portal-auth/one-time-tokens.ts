import type { OneTimePortalToken } from '@portal/contracts/platform';
import type { FastifyInstance } from 'fastify';
import { conflict, unauthorized } from '../http/errors.ts';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from '../remote-access/secret-token.ts';
import { readRemoteAccess } from '../remote-access/state.ts';
import type { TenantClaims } from '../tenancy/tenant-tokens.ts';

/**
 * A single-use token opening the customer's user portal, only while the dealer's remote access to that
 * portal is enabled. The URL is USER_PORTAL_URL followed by the token.
 */
export async function issuePortalToken(
  app: FastifyInstance,
  tenant: TenantClaims,
  organizationId: string,
): Promise<OneTimePortalToken> {
  const access = await readRemoteAccess(app.db, organizationId);
  if (!access.enabled) throw conflict('Remote access to this customer is not enabled.');
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + app.config.USER_PORTAL_OTP_SECONDS * 1000);
  await app.db
    .insertInto('portal_one_time_tokens')
    .values({
      token_hash: hashSecretToken(token),
      organization_id: organizationId,
      company_id: tenant.companyId,
      issued_to_user_id: tenant.sub,
      expires_at: expiresAt,
    })
    .execute();
  return {
    token,
    url: `${app.config.USER_PORTAL_URL}${token}`,
    expire: Math.floor(expiresAt.getTime() / 1000),
  };
}

/**
 * What the customer's user portal calls with the token it received: the organization it opens, once.
 * Spent, expired or unknown tokens, and tokens whose remote access ended meanwhile, get the same 401.
 */
export async function consumePortalToken(
  app: FastifyInstance,
  token: string,
): Promise<{ organizationId: string; organizationName: string }> {
  const invalid = unauthorized('Invalid or expired token');
  if (!looksLikeSecretToken(token)) throw invalid;
  const spent = await app.db
    .updateTable('portal_one_time_tokens')
    .set({ consumed_at: new Date() })
    .where('token_hash', '=', hashSecretToken(token))
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('organization_id')
    .executeTakeFirst();
  if (!spent) throw invalid;
  const access = await readRemoteAccess(app.db, spent.organization_id);
  if (!access.enabled) throw invalid;
  const org = await app.db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('id', '=', spent.organization_id)
    .executeTakeFirstOrThrow();
  return { organizationId: org.id, organizationName: org.name };
}
