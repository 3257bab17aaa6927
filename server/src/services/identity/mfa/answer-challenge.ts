import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { CognitoError, invalidParameter, MESSAGES, notAuthorized } from '../errors.ts';
import { requiredEntry } from '../protocol/params.ts';
import { completeSignIn } from '../sign-in/complete-sign-in.ts';
import { isSimulatedEmailCodeSession } from '../sign-in/email-otp-sign-in.ts';
import { issueSignInTokens } from '../tokens/issue-tokens.ts';
import { findPoolUserBySub, namesUser } from '../users.ts';
import { attemptCode } from './code-attempt.ts';
import { emailCodeCheck } from './email-codes.ts';
import { enableMfaMethod } from './enable-method.ts';
import { consumeMfaSession, findMfaSession, type MfaChallengeName, type MfaSession } from './mfa-sessions.ts';
import type { MfaMethod } from './mfa-settings.ts';
import { methodChallenge } from './sign-in-challenge.ts';
import { totpCodeCheck } from './software-token.ts';

export const MFA_CHALLENGE_NAMES: readonly string[] = [
  'SOFTWARE_TOKEN_MFA',
  'EMAIL_OTP',
  'SELECT_MFA_TYPE',
  'MFA_SETUP',
] satisfies MfaChallengeName[];

const sessionExpired = () => notAuthorized(MESSAGES.sessionExpired);

/**
 * RespondToAuthChallenge for the second-factor challenges. The Session must be a live one of this
 * challenge and USERNAME name its user (email or internal username). A wrong code leaves the Session in
 * place, so the user may type it again (counted toward the code lockout); a right one uses it up.
 */
export async function answerMfaChallenge(
  ctx: IdentityContext,
  clientId: string,
  challenge: MfaChallengeName,
  sessionHandle: string | undefined,
  responses: Record<string, string>,
): Promise<object> {
  const username = requiredEntry(responses, 'USERNAME');
  if (!sessionHandle) throw sessionExpired();
  const session = await findMfaSession(ctx, sessionHandle, clientId, challenge);
  if (!session) {
    // An unknown user's passwordless challenge (PreventUserExistenceErrors=ENABLED): every code is wrong.
    if (challenge === 'EMAIL_OTP' && (await isSimulatedEmailCodeSession(ctx, sessionHandle, username))) {
      requiredEntry(responses, 'EMAIL_OTP_CODE');
      throw new CognitoError('CodeMismatchException', MESSAGES.codeMismatch);
    }
    throw sessionExpired();
  }
  const user = await findPoolUserBySub(ctx.db, session.sub);
  if (!user || !namesUser(user, username)) throw sessionExpired();
  // A passwordless first factor tells the account's state only after the right code (completeSignIn).
  if (!user.enabled && session.data.firstFactor !== 'EMAIL_OTP') throw notAuthorized(MESSAGES.userDisabled);
  const use = () => useSession(ctx, sessionHandle, clientId, challenge);

  switch (challenge) {
    case 'SOFTWARE_TOKEN_MFA': {
      const code = requiredEntry(responses, 'SOFTWARE_TOKEN_MFA_CODE');
      await attemptCode(ctx, user.sub, await totpCodeCheck(ctx, user.sub, code));
      await use();
      return signedIn(ctx, user);
    }
    case 'EMAIL_OTP': {
      const code = requiredEntry(responses, 'EMAIL_OTP_CODE');
      await attemptCode(ctx, user.sub, await emailCodeCheck(ctx, user.sub, code));
      await use();
      if (session.data.setup === 'email') await enableMfaMethod(ctx, user.sub, 'EMAIL_OTP');
      // A passwordless first factor: the user's state is checked now, and no MFA follows (decision 0025).
      if (session.data.firstFactor === 'EMAIL_OTP')
        return completeSignIn(ctx, user, { firstFactor: 'EMAIL_OTP' });
      return signedIn(ctx, user);
    }
    case 'SELECT_MFA_TYPE':
      return selectMfaType(ctx, user, session, requiredEntry(responses, 'ANSWER'), use);
    case 'MFA_SETUP':
      return finishMfaSetup(ctx, user, session, responses.EMAIL, use);
  }
}

async function useSession(
  ctx: IdentityContext,
  handle: string,
  clientId: string,
  challenge: MfaChallengeName,
) {
  if (!(await consumeMfaSession(ctx, handle, clientId, challenge))) throw sessionExpired();
}

const signedIn = async (ctx: IdentityContext, user: PoolUser) => ({
  AuthenticationResult: await issueSignInTokens(ctx, user),
  ChallengeParameters: {},
});

/** SELECT_MFA_TYPE: ANSWER is one of MFAS_CAN_CHOOSE; its code challenge follows with a new Session. */
async function selectMfaType(
  ctx: IdentityContext,
  user: PoolUser,
  session: MfaSession,
  answer: string,
  use: () => Promise<void>,
) {
  const choices = JSON.parse(session.data.choices ?? '[]') as MfaMethod[];
  if (!choices.includes(answer as MfaMethod)) {
    throw invalidParameter(`ANSWER must be one of ${choices.join(', ')}`);
  }
  await use();
  return methodChallenge(ctx, user, answer as MfaMethod);
}

/**
 * MFA_SETUP (IDENTITY_MFA=on, no factor yet). With EMAIL (the account's own address): an EMAIL_OTP
 * challenge whose right code turns e-mail codes on. Without: the TOTP setup must have been verified on this
 * Session chain (AssociateSoftwareToken, VerifySoftwareToken); TOTP is turned on and the user signed in.
 */
async function finishMfaSetup(
  ctx: IdentityContext,
  user: PoolUser,
  session: MfaSession,
  email: string | undefined,
  use: () => Promise<void>,
) {
  if (email !== undefined) {
    if (email.trim().toLowerCase() !== user.email.toLowerCase() || !user.email_verified) {
      throw invalidParameter("EMAIL must be the account's own verified email address");
    }
    await use();
    return methodChallenge(ctx, user, 'EMAIL_OTP', { setup: 'email' });
  }
  if (session.data.setup !== 'verified') {
    throw invalidParameter(
      'Software token MFA is not verified: call AssociateSoftwareToken and VerifySoftwareToken with the Session first',
    );
  }
  await use();
  await enableMfaMethod(ctx, user.sub, 'SOFTWARE_TOKEN_MFA');
  return signedIn(ctx, user);
}
