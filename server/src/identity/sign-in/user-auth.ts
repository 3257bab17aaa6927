import type { IdentityContext } from '../context.ts';
import { invalidParameter, MESSAGES, notAuthorized } from '../errors.ts';
import { requiredEntry } from '../protocol/params.ts';
import { findPoolUser, findPoolUserBySub, namesUser } from '../users.ts';
import { consumeAuthSession, startAuthSession } from './auth-sessions.ts';
import { checkPassword } from './password-sign-in.ts';
import { requiredSrpA, srpChallengeFor, unknownUserSrpChallenge } from './srp-start.ts';
import { isSimulatedSession, simulatedSession, unknownUserError } from './unknown-user.ts';

/** The first factors USER_AUTH offers: the pool has passwords only (no OTP, no passkeys). */
export const FIRST_FACTORS = ['PASSWORD', 'PASSWORD_SRP'] as const;
type FirstFactor = (typeof FIRST_FACTORS)[number];

export function firstFactor(name: string): FirstFactor {
  if (!(FIRST_FACTORS as readonly string[]).includes(name)) {
    // Our wording (COGNITO.md has none), after the pattern '<FLOW> flow not enabled for this client'.
    throw invalidParameter(`${name} challenge not enabled for this client`);
  }
  return name as FirstFactor;
}

/**
 * USER_AUTH without PREFERRED_CHALLENGE: SELECT_CHALLENGE with the available factors and a one-time
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
    AvailableChallenges: [...FIRST_FACTORS],
  };
}

/**
 * RespondToAuthChallenge(SELECT_CHALLENGE) with `{ANSWER, USERNAME, PASSWORD | SRP_A}`: the chosen
 * factor's own step, exactly as InitiateAuth would run it (password check and lockout, or the
 * PASSWORD_VERIFIER challenge). The Session is used up even when the password is wrong.
 */
export async function answerSelectChallenge(
  ctx: IdentityContext,
  clientId: string,
  sessionHandle: string | undefined,
  responses: Record<string, string>,
) {
  const answer = firstFactor(requiredEntry(responses, 'ANSWER'));
  const username = requiredEntry(responses, 'USERNAME');
  const password = answer === 'PASSWORD' ? requiredEntry(responses, 'PASSWORD') : '';
  const srpA = answer === 'PASSWORD_SRP' ? requiredSrpA(responses) : '';
  if (!sessionHandle) throw notAuthorized(MESSAGES.sessionExpired);

  const session = await consumeAuthSession(ctx, 'SELECT_CHALLENGE', sessionHandle, clientId);
  if (!session) {
    if (!(await isSimulatedSession(ctx, sessionHandle, username)))
      throw notAuthorized(MESSAGES.sessionExpired);
    // The account does not exist: the same answers as USER_PASSWORD_AUTH / USER_SRP_AUTH give.
    if (answer === 'PASSWORD') throw unknownUserError(ctx);
    return unknownUserSrpChallenge(ctx, username);
  }
  const user = await findPoolUserBySub(ctx.db, session.sub);
  if (!user || !namesUser(user, username)) throw notAuthorized(MESSAGES.sessionExpired);
  return answer === 'PASSWORD' ? checkPassword(ctx, user, password) : srpChallengeFor(ctx, user, srpA);
}
