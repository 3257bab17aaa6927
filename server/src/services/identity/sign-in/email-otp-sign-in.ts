import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { maskEmail } from '../mask-destination.ts';
import { type MfaChallenge, methodChallenge } from '../mfa/sign-in-challenge.ts';
import { isSimulatedSession, simulatedIdentity, simulatedSession } from './unknown-user.ts';

/**
 * Passwordless sign-in with an e-mailed code (USER_AUTH's EMAIL_OTP first factor). The code, its mail,
 * expiry, single use and lockout are the MFA e-mail code's (identity/mfa); only the Session says that the
 * code is the first factor, so the right code completes the sign-in without an MFA step.
 */

/**
 * Whether USER_AUTH offers this user EMAIL_OTP: the pool allows it and the code can reach them. The
 * account's state (disabled, temporary password, reset required) is not looked at: like a password's,
 * it is told only to whoever gave the right code (completeSignIn), so the offer does not reveal it.
 */
export function canSignInWithEmailCode(ctx: IdentityContext, user: PoolUser): boolean {
  return ctx.config.IDENTITY_EMAIL_OTP_SIGN_IN === 'on' && user.email_verified;
}

/** Offered to unknown users too when they must look like existing ones (PreventUserExistenceErrors). */
export const offersEmailCodeToUnknownUsers = (ctx: IdentityContext) =>
  ctx.config.IDENTITY_EMAIL_OTP_SIGN_IN === 'on' &&
  ctx.config.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS === 'ENABLED';

/** The EMAIL_OTP challenge with the code mailed now (LimitExceededException past the hourly allowance). */
export function emailCodeChallengeFor(ctx: IdentityContext, user: PoolUser): Promise<MfaChallenge> {
  return methodChallenge(ctx, user, 'EMAIL_OTP', { firstFactor: 'EMAIL_OTP' });
}

/**
 * What an unknown username gets with PreventUserExistenceErrors=ENABLED: the same shape, no mail, and a
 * Session that is not stored, so every code given for it is CodeMismatchException. The Session is made for
 * the simulated USER_ID_FOR_SRP, the name Amplify answers with; the typed username is accepted as well.
 */
export async function simulatedEmailCodeChallenge(
  ctx: IdentityContext,
  username: string,
): Promise<MfaChallenge> {
  const { userId } = await simulatedIdentity(ctx, username);
  return {
    ChallengeName: 'EMAIL_OTP',
    Session: await simulatedSession(ctx, userId),
    ChallengeParameters: {
      CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
      CODE_DELIVERY_DESTINATION: maskEmail(username.includes('@') ? username : `${username}@${username}`),
      USER_ID_FOR_SRP: userId,
    },
  };
}

/** Whether an EMAIL_OTP Session is one of simulatedEmailCodeChallenge's, answered with either name. */
export async function isSimulatedEmailCodeSession(
  ctx: IdentityContext,
  handle: string,
  username: string,
): Promise<boolean> {
  if (await isSimulatedSession(ctx, handle, username)) return true;
  return isSimulatedSession(ctx, handle, (await simulatedIdentity(ctx, username)).userId);
}
