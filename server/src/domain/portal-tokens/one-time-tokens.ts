import type { OneTimePortalToken } from '@portal/contracts/platform';
import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { conflict, unauthorized } from '../errors.ts';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from '../remote-access/secret-token.ts';
import { readRemoteAccess } from '../remote-access/state.ts';

/**
 * A single-use token opening the customer's user portal, only while the dealer's remote access to that
 * portal is enabled. The URL is the user portal of the dealer's brand (decision 0022) followed by the token.
 */
export async function issuePortalToken(
  db: Kysely<DB>,
  settings: { userPortalUrl: string; USER_PORTAL_OTP_SECONDS: number },
  issuer: { userId: string; companyId: string },
  organizationId: string,
): Promise<OneTimePortalToken> {
  const access = await readRemoteAccess(db, organizationId);
  if (!access.enabled) throw conflict('Remote access to this customer is not enabled.');
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + settings.USER_PORTAL_OTP_SECONDS * 1000);
  await db
    .insertInto('portal_one_time_tokens')
    .values({
      token_hash: hashSecretToken(token),
      organization_id: organizationId,
      company_id: issuer.companyId,
      issued_to_user_id: issuer.userId,
      expires_at: expiresAt,
    })
    .execute();
  return {
    token,
    url: `${settings.userPortalUrl}${token}`,
    expire: Math.floor(expiresAt.getTime() / 1000),
  };
}

/**
 * What the customer's user portal calls with the token it received: the organization it opens, once.
 * Spent, expired or unknown tokens, and tokens whose remote access ended meanwhile, get the same 401.
 */
export async function consumePortalToken(
  db: Kysely<DB>,
  token: string,
): Promise<{ organizationId: string; organizationName: string }> {
  const invalid = unauthorized('Invalid or expired token');
  if (!looksLikeSecretToken(token)) throw invalid;
  const spent = await db
    .updateTable('portal_one_time_tokens')
    .set({ consumed_at: new Date() })
    .where('token_hash', '=', hashSecretToken(token))
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('organization_id')
    .executeTakeFirst();
  if (!spent) throw invalid;
  const access = await readRemoteAccess(db, spent.organization_id);
  if (!access.enabled) throw invalid;
  const org = await db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('id', '=', spent.organization_id)
    .executeTakeFirstOrThrow();
  return { organizationId: org.id, organizationName: org.name };
}
