import { limitClientAddress } from '../address-limit.ts';
import type { IdentityContext } from '../context.ts';
import { type RequestBody, requiredString } from '../protocol/params.ts';
import { authenticateAccessToken } from '../tokens/access-token.ts';
import { hasPasskeys } from '../webauthn/sign-in.ts';

/**
 * GetUserAuthFactors: the factors the user can sign in with through USER_AUTH (every user of this pool
 * has a password; WEB_AUTHN once they have a passkey), and their MFA settings as GetUser states them.
 */
export async function getUserAuthFactors(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const { user } = await authenticateAccessToken(ctx, requiredString(body, 'AccessToken'));
  await limitClientAddress(ctx, 'passkeys');
  return {
    Username: user.username,
    UserMFASettingList: [],
    ConfiguredUserAuthFactors: ['PASSWORD', ...((await hasPasskeys(ctx, user)) ? ['WEB_AUTHN'] : [])],
  };
}
