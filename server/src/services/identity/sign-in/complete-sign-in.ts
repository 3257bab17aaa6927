import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { CognitoError, MESSAGES, notAuthorized } from '../errors.ts';
import { type MfaChallenge, mfaChallengeFor } from '../mfa/sign-in-challenge.ts';
import { type AuthenticationResult, issueSignInTokens } from '../tokens/issue-tokens.ts';
import { startAuthSession } from './auth-sessions.ts';

export type SignInResponse =
  | { AuthenticationResult: AuthenticationResult; ChallengeParameters: Record<string, string> }
  | { ChallengeName: 'NEW_PASSWORD_REQUIRED'; Session: string; ChallengeParameters: Record<string, string> }
  | MfaChallenge;

export interface CompleteSignInOptions {
  /**
   * The first factor that was proven. 'WEB_AUTHN' is a passkey with user verification, already two
   * factors; 'EMAIL_OTP' a passwordless e-mailed code. Cognito asks no MFA after a passwordless first
   * factor, and neither do we (decision 0025).
   */
  firstFactor?: 'PASSWORD' | 'WEB_AUTHN' | 'EMAIL_OTP';
}

/**
 * After the first factor proved right: the user-state checks of COGNITO.md §3.1.1, then the
 * NEW_PASSWORD_REQUIRED challenge (with a Session), else a second factor's challenge (identity/mfa) unless
 * the first factor was a passkey, else tokens. Checking the state only after the first factor means only
 * someone who proved it learns the account's state.
 */
export async function completeSignIn(
  ctx: IdentityContext,
  user: PoolUser,
  options: CompleteSignInOptions = {},
): Promise<SignInResponse> {
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (user.status === 'UNCONFIRMED')
    throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
  if (user.status === 'RESET_REQUIRED') {
    throw new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');
  }
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    if (user.temporary_password_expires_at && user.temporary_password_expires_at <= ctx.now()) {
      throw notAuthorized(MESSAGES.temporaryPasswordExpired);
    }
    const session = await startAuthSession(ctx, 'NEW_PASSWORD_REQUIRED', user.sub, {});
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.username,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({
          email_verified: String(user.email_verified),
          email: user.email,
          ...(user.name ? { name: user.name } : {}),
          locale: user.locale,
        }),
      },
    };
  }
  if (options.firstFactor === undefined || options.firstFactor === 'PASSWORD') {
    const secondFactor = await mfaChallengeFor(ctx, user);
    if (secondFactor) return secondFactor;
  }
  return { AuthenticationResult: await issueSignInTokens(ctx, user), ChallengeParameters: {} };
}
