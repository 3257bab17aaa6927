import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import { limitClientAddress } from '../address-limit.ts';
import type { IdentityContext } from '../context.ts';
import { userNotFound } from '../errors.ts';
import { type RequestBody, requiredString, requirePool } from '../protocol/params.ts';
import { canSignInWithEmailCode } from '../sign-in/email-otp-sign-in.ts';
import { authenticateAccessToken } from '../tokens/access-token.ts';
import { findPoolUser } from '../users.ts';
import { hasPasskeys } from '../webauthn/sign-in.ts';

/**
 * The factors a user can sign in with through USER_AUTH (every user of this pool has a password; WEB_AUTHN
 * once they have a passkey; EMAIL_OTP when USER_AUTH offers them e-mailed codes), and their MFA settings
 * as GetUser states them.
 */
async function authFactorsOf(ctx: IdentityContext, user: PoolUser) {
  return {
    Username: user.username,
    UserMFASettingList: [],
    ConfiguredUserAuthFactors: [
      'PASSWORD',
      ...((await hasPasskeys(ctx, user)) ? ['WEB_AUTHN'] : []),
      ...(canSignInWithEmailCode(ctx, user) ? ['EMAIL_OTP'] : []),
    ],
  };
}

/** GetUserAuthFactors: the signed-in user's factors. */
export async function getUserAuthFactors(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const { user } = await authenticateAccessToken(ctx, requiredString(body, 'AccessToken'));
  await limitClientAddress(ctx, 'passkeys');
  return authFactorsOf(ctx, user);
}

/** AdminGetUserAuthFactors (SigV4): any user's factors, e.g. whether a member has a passkey. */
export async function adminGetUserAuthFactors(ctx: IdentityContext, body: RequestBody): Promise<object> {
  requirePool(ctx.config, body);
  const user = await findPoolUser(ctx.db, requiredString(body, 'Username'));
  if (!user) throw userNotFound();
  return authFactorsOf(ctx, user);
}
