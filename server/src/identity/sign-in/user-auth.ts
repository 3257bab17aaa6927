import type { PoolUser } from '../../db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { invalidParameter, MESSAGES, notAuthorized } from '../errors.ts';
import { requiredEntry } from '../protocol/params.ts';
import { findPoolUser, findPoolUserBySub, namesUser } from '../users.ts';
import { hasPasskeys, webAuthnChallengeFor } from '../webauthn/sign-in.ts';
import { consumeAuthSession, findAuthSession, startAuthSession } from './auth-sessions.ts';
import { checkPassword } from './password-sign-in.ts';
import { requiredSrpA, srpChallengeFor, unknownUserSrpChallenge } from './srp-start.ts';
import { isSimulatedSession, simulatedSession, unknownUserError } from './unknown-user.ts';

/** The first factors USER_AUTH offers: passwords (plain and SRP) and passkeys. */
export const FIRST_FACTORS = ['PASSWORD', 'PASSWORD_SRP', 'WEB_AUTHN'] as const;
type FirstFactor = (typeof FIRST_FACTORS)[number];

export function firstFactor(name: string): FirstFactor {
  if (!(FIRST_FACTORS as readonly string[]).includes(name)) {
    // Our wording (COGNITO.md has none), after the pattern '<FLOW> flow not enabled for this client'.
    throw invalidParameter(`${name} challenge not enabled for this client`);
  }
  return name as FirstFactor;
}

/** Our wording: the user has no passkey, so WEB_AUTHN was not among their AvailableChallenges. */
const notAvailable = (name: string) =>
  invalidParameter(`${name} is not an available challenge for this user.`);

/** What SELECT_CHALLENGE offers this user: WEB_AUTHN only to a user with a passkey. */
async function availableChallenges(ctx: IdentityContext, user: PoolUser | undefined): Promise<FirstFactor[]> {
  return user && (await hasPasskeys(ctx, user)) ? [...FIRST_FACTORS] : ['PASSWORD', 'PASSWORD_SRP'];
}

/**
 * ANSWER WEB_AUTHN from a user without a passkey (or, for a simulated Session, one that does not exist) is
 * refused like a parameter error: the Session stays for another answer.
 */
async function assertPasskeyAvailable(
  ctx: IdentityContext,
  clientId: string,
  handle: string,
  username: string,
) {
  const session = await findAuthSession(ctx, 'SELECT_CHALLENGE', handle, clientId);
  if (!session) {
    if (await isSimulatedSession(ctx, handle, username)) throw notAvailable('WEB_AUTHN');
    throw notAuthorized(MESSAGES.sessionExpired);
  }
  const user = await findPoolUserBySub(ctx.db, session.sub);
  if (!user || !namesUser(user, username)) throw notAuthorized(MESSAGES.sessionExpired);
  if (!(await hasPasskeys(ctx, user))) throw notAvailable('WEB_AUTHN');
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
 * RespondToAuthChallenge(SELECT_CHALLENGE) with `{ANSWER, USERNAME, PASSWORD | SRP_A}`: the chosen
 * factor's own step, exactly as InitiateAuth would run it (password check and lockout, the
 * PASSWORD_VERIFIER challenge, or the WEB_AUTHN challenge). The Session is used up even when the
 * password is wrong.
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
  if (answer === 'WEB_AUTHN') await assertPasskeyAvailable(ctx, clientId, sessionHandle, username);

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
  if (answer === 'WEB_AUTHN') {
    const challenge = await webAuthnChallengeFor(ctx, user);
    if (!challenge) throw notAvailable(answer);
    return challenge;
  }
  return answer === 'PASSWORD' ? checkPassword(ctx, user, password) : srpChallengeFor(ctx, user, srpA);
}
