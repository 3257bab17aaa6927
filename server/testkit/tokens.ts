import type { Kysely } from 'kysely';
import { issueTenantToken, tenantIssuer } from '../src/auth/tenant-tokens.ts';
import type { Config } from '../src/infrastructure/config/config.ts';
import type { DB } from '../src/infrastructure/db/types.ts';
import { createRefreshSession } from '../src/services/identity/tokens/refresh-tokens.ts';

/**
 * A sign-in of the user as the identity service records it, for tools that issue company and
 * organization tokens directly: those tokens carry its origin_jti and are checked against it.
 */
export async function recordSignIn(db: Kysely<DB>, sub: string, clientId: string): Promise<string> {
  const { session } = await createRefreshSession(db, {
    sub,
    clientId,
    now: new Date(),
    lifetimeSeconds: 86_400,
  });
  return session.originJti;
}

/**
 * A dealer's tenant tokens as the reseller service would issue them after a sign-in: the company token, and
 * the organization token of one of its customers.
 */
export async function dealerTokens(
  db: Kysely<DB>,
  config: Pick<Config, 'PUBLIC_URL' | 'COGNITO_CLIENT_ID'>,
  dealer: { sub: string; companyId: string; orgId: string },
): Promise<{ company: string; organization: string }> {
  const issuer = tenantIssuer(config.PUBLIC_URL);
  const { sub, companyId, orgId } = dealer;
  const originJti = await recordSignIn(db, sub, config.COGNITO_CLIENT_ID);
  const company = await issueTenantToken(db, issuer, {
    kind: 'company',
    sub,
    companyId,
    originJti,
    role: 'dealer',
  });
  const organization = await issueTenantToken(db, issuer, {
    kind: 'organization',
    sub,
    companyId,
    originJti,
    orgId,
  });
  return { company: company.token, organization: organization.token };
}
