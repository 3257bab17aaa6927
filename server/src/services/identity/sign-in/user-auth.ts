import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { invalidParameter, MESSAGES, notAuthorized } from '../errors.ts';
import { requiredEntry } from '../protocol/params.ts';
import { findPoolUser, findPoolUserBySub, namesUser } from '../users.ts';
import { hasPasskeys, webAuthnChallengeFor } from '../webauthn/sign-in.ts';
import { consumeAuthSession, findAuthSession, startAuthSession } from './auth-sessions.ts';
import {
  canSignInWithEmailCode,
  emailCodeChallengeFor,
  offersEmailCodeToUnknownUsers,
  simulatedEmailCodeChallenge,
} from './email-otp-sign-in.ts';
import { checkPassword } from './password-sign-in.ts';
import { requiredSrpA, srpChallengeFor, unknownUserSrpChallenge } from './srp-start.ts';
import { isSimulatedSession, simulatedSession, unknownUserError } from './unknown-user.ts';

/** The first factors USER_AUTH offers: passwords (plain and SRP), passkeys and e-mailed codes. */
export const FIRST_FACTORS = ['PASSWORD', 'PASSWORD_SRP', 'WEB_AUTHN', 'EMAIL_OTP'] as const;
type FirstFactor = (typeof FIRST_FACTORS)[number];

/** A first factor the pool offers; EMAIL_OTP only with IDENTITY_EMAIL_OTP_SIGN_IN=on. */
export function firstFactor(ctx: IdentityContext, name: string): FirstFactor {
  const enabled = name !== 'EMAIL_OTP' || ctx.config.IDENTITY_EMAIL_OTP_SIGN_IN === 'on';
  if (!enabled || !(FIRST_FACTORS as readonly string[]).includes(name)) {
    // Our wording (COGNITO.md has none), after the pattern '<FLOW> flow not enabled for this client'.
    throw invalidParameter(`${name} challenge not enabled for this client`);
  }
  return name as FirstFactor;
}

/** Our wording: e.g. the user has no passkey, so WEB_AUTHN was not among their AvailableChallenges. */
const notAvailable = (name: string) =>
  invalidParameter(`${name} is not an available challenge for this user.`);

/**
 * What SELECT_CHALLENGE offers this user: WEB_AUTHN only to a user with a passkey, EMAIL_OTP to one who can
 * get a code (and to an unknown user when unknown users must look like known ones).
 */
async function availableChallenges(ctx: IdentityContext, user: PoolUser | undefined): Promise<FirstFactor[]> {
  const factors: FirstFactor[] = ['PASSWORD', 'PASSWORD_SRP'];
  if (user && (await hasPasskeys(ctx, user))) factors.push('WEB_AUTHN');
  if (user ? canSignInWithEmailCode(ctx, user) : offersEmailCodeToUnknownUsers(ctx))
    factors.push('EMAIL_OTP');
  return factors;
}

/**
 * ANSWER WEB_AUTHN from a user without a passkey, or EMAIL_OTP from one who cannot get a code (or, for a
 * simulated Session, one that does not exist, as far as the pool would not offer it) is refused like a
 * parameter error: the Session stays for another answer.
 */
async function assertAnswerAvailable(
  ctx: IdentityContext,
  clientId: string,
  handle: string,
  username: string,
  answer: 'WEB_AUTHN' | 'EMAIL_OTP',
) {
  const session = await findAuthSession(ctx, 'SELECT_CHALLENGE', handle, clientId);
  if (!session) {
    if (!(await isSimulatedSession(ctx, handle, username))) throw notAuthorized(MESSAGES.sessionExpired);
    if (answer === 'WEB_AUTHN' || !offersEmailCodeToUnknownUsers(ctx)) throw notAvailable(answer);
    return;
  }
  const user = await findPoolUserBySub(ctx.db, session.sub);
  if (!user || !namesUser(user, username)) throw notAuthorized(MESSAGES.sessionExpired);
  const available = answer === 'WEB_AUTHN' ? await hasPasskeys(ctx, user) : canSignInWithEmailCode(ctx, user);
  if (!available) throw notAvailable(answer);
}

/**
 * USER_AUTH without PREFERRED_CHALLENGE: SELECT_CHALLENGE with the user's available factors and a one-time
 * Session. Like USER_SRP_AUTH's first step it checks no password, so it never says "locked".
 */
export async function selectChallenge(ctx: IdentityContext, username: string) {
  const user = await findPoolUser(ctx.db, username);
  if (!user && ctx.config.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS !== 'ENABLED') throw unknownUserError(ctx);
  const session = user
    ? await startAuthSession(ctx, 'SELECT_CHALLENGE', user.sub, {})
    : await simulatedSession(ctx, username);
  return {
    ChallengeName: 'SELECT_CHALLENGE',
    Session: session,
    ChallengeParameters: {},
    AvailableChallenges: await availableChallenges(ctx, user),
  };
}

/**
 * USER_AUTH with PREFERRED_CHALLENGE WEB_AUTHN: the WEB_AUTHN challenge for a user with a passkey. A user
 * without one (and, with PreventUserExistenceErrors=ENABLED, an unknown user alike) gets SELECT_CHALLENGE
 * with what they can use instead, so the sign-in can go on with a password.
 */
export async function preferWebAuthn(ctx: IdentityContext, username: string) {
  const user = await findPoolUser(ctx.db, username);
  const challenge = user && (await webAuthnChallengeFor(ctx, user));
  return challenge ?? selectChallenge(ctx, username);
}

/**
 * USER_AUTH with PREFERRED_CHALLENGE EMAIL_OTP: a code is mailed and the EMAIL_OTP challenge answers. A user
 * who cannot get one gets SELECT_CHALLENGE, as for WEB_AUTHN; an unknown user, with
 * PreventUserExistenceErrors=ENABLED, a simulated EMAIL_OTP challenge (nothing is mailed).
 */
export async function preferEmailCode(ctx: IdentityContext, username: string) {
  const user = await findPoolUser(ctx.db, username);
  if (user && canSignInWithEmailCode(ctx, user)) return emailCodeChallengeFor(ctx, user);
  if (!user && offersEmailCodeToUnknownUsers(ctx)) return simulatedEmailCodeChallenge(ctx, username);
  return selectChallenge(ctx, username);
}

/**
 * RespondToAuthChallenge(SELECT_CHALLENGE) with `{ANSWER, USERNAME, PASSWORD | SRP_A}`: the chosen
 * factor's own step, exactly as InitiateAuth would run it (password check and lockout, the
 * PASSWORD_VERIFIER challenge, the WEB_AUTHN challenge, or the EMAIL_OTP challenge with a code mailed). The Session is used up even when the
 * password is wrong.
 */
export async function answerSelectChallenge(
  ctx: IdentityContext,
  clientId: string,
  sessionHandle: string | undefined,
  responses: Record<string, string>,
) {
  const answer = firstFactor(ctx, requiredEntry(responses, 'ANSWER'));
  const username = requiredEntry(responses, 'USERNAME');
  const password = answer === 'PASSWORD' ? requiredEntry(responses, 'PASSWORD') : '';
  const srpA = answer === 'PASSWORD_SRP' ? requiredSrpA(responses) : '';
  if (!sessionHandle) throw notAuthorized(MESSAGES.sessionExpired);
  if (answer === 'WEB_AUTHN' || answer === 'EMAIL_OTP')
    await assertAnswerAvailable(ctx, clientId, sessionHandle, username, answer);

  const session = await consumeAuthSession(ctx, 'SELECT_CHALLENGE', sessionHandle, clientId);
  if (!session) {
    if (!(await isSimulatedSession(ctx, sessionHandle, username)))
      throw notAuthorized(MESSAGES.sessionExpired);
    // The account does not exist: the same answers as USER_PASSWORD_AUTH / USER_SRP_AUTH give.
    if (answer === 'PASSWORD') throw unknownUserError(ctx);
    if (answer === 'EMAIL_OTP') return simulatedEmailCodeChallenge(ctx, username);
    return unknownUserSrpChallenge(ctx, username);
  }
  const user = await findPoolUserBySub(ctx.db, session.sub);
  if (!user || !namesUser(user, username)) throw notAuthorized(MESSAGES.sessionExpired);
  if (answer === 'WEB_AUTHN') {
    const challenge = await webAuthnChallengeFor(ctx, user);
    if (!challenge) throw notAvailable(answer);
    return challenge;
  }
  if (answer === 'EMAIL_OTP') return emailCodeChallengeFor(ctx, user);
  return answer === 'PASSWORD' ? checkPassword(ctx, user, password) : srpChallengeFor(ctx, user, srpA);
}
