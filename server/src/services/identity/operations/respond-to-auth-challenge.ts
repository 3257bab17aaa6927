import { limitClientAddress } from '../address-limit.ts';
import type { IdentityContext } from '../context.ts';
import { invalidParameter, MESSAGES, notAuthorized } from '../errors.ts';
import { answerMfaChallenge, MFA_CHALLENGE_NAMES } from '../mfa/answer-challenge.ts';
import type { MfaChallengeName } from '../mfa/mfa-sessions.ts';
import { assertPasswordPolicy } from '../password-rules.ts';
import {
  optionalString,
  type RequestBody,
  requireClient,
  requiredEntry,
  requiredString,
  stringMap,
} from '../protocol/params.ts';
import { consumeAuthSession, findAuthSession } from '../sign-in/auth-sessions.ts';
import { completeSignIn } from '../sign-in/complete-sign-in.ts';
import { attemptPassword } from '../sign-in/password-attempt.ts';
import { answerSelectChallenge } from '../sign-in/user-auth.ts';
import { poolNameOf } from '../srp/srp-math.ts';
import { verifyPasswordClaim } from '../srp/srp-server.ts';
import { parseSrpTimestamp, TIMESTAMP_SKEW_MS } from '../srp/timestamp.ts';
import { findPoolUserBySub, namesUser, setPoolUserPassword } from '../users.ts';
import { answerWebAuthn } from '../webauthn/sign-in.ts';

/**
 * RespondToAuthChallenge: PASSWORD_VERIFIER (SRP), NEW_PASSWORD_REQUIRED, SELECT_CHALLENGE and WEB_AUTHN
 * (USER_AUTH), and the second factors (SOFTWARE_TOKEN_MFA, EMAIL_OTP, SELECT_MFA_TYPE, MFA_SETUP).
 */
export async function respondToAuthChallenge(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const clientId = requireClient(ctx.config, body);
  const challenge = requiredString(body, 'ChallengeName');
  const responses = stringMap(body, 'ChallengeResponses');
  await limitClientAddress(ctx, 'sign-in-challenge');
  if (challenge === 'PASSWORD_VERIFIER') return passwordVerifier(ctx, clientId, responses);
  if (challenge === 'NEW_PASSWORD_REQUIRED') {
    return newPasswordRequired(ctx, clientId, optionalString(body, 'Session'), responses);
  }
  if (challenge === 'SELECT_CHALLENGE') {
    return answerSelectChallenge(ctx, clientId, optionalString(body, 'Session'), responses);
  }
  if (challenge === 'WEB_AUTHN')
    return answerWebAuthn(ctx, clientId, optionalString(body, 'Session'), responses);
  if (MFA_CHALLENGE_NAMES.includes(challenge)) {
    const session = optionalString(body, 'Session');
    return answerMfaChallenge(ctx, clientId, challenge as MfaChallengeName, session, responses);
  }
  throw invalidParameter(`Unsupported challenge: ${challenge}`);
}

/**
 * Checks, in order (COGNITO.md §6.3): a live, unused SECRET_BLOCK of this client; USERNAME is its
 * USER_ID_FOR_SRP; a well-formed TIMESTAMP within the allowed skew; the signature. Every failure is
 * 'Incorrect username or password.' and, once the user is known, a failed attempt for lockout.
 */
async function passwordVerifier(ctx: IdentityContext, clientId: string, responses: Record<string, string>) {
  const username = requiredEntry(responses, 'USERNAME');
  const secretBlock = requiredEntry(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const timestamp = requiredEntry(responses, 'TIMESTAMP');
  const signature = requiredEntry(responses, 'PASSWORD_CLAIM_SIGNATURE');

  const session = await consumeAuthSession(ctx, 'SRP', secretBlock, clientId);
  if (!session) throw notAuthorized(MESSAGES.incorrectCredentials);
  const user = await findPoolUserBySub(ctx.db, session.sub);
  if (!user) throw notAuthorized(MESSAGES.incorrectCredentials);

  const sentAt = parseSrpTimestamp(timestamp);
  const proven =
    username === user.username &&
    sentAt !== undefined &&
    Math.abs(sentAt.getTime() - ctx.now().getTime()) <= TIMESTAMP_SKEW_MS &&
    verifyPasswordClaim({
      poolName: poolNameOf(ctx.config.COGNITO_USER_POOL_ID),
      userIdForSrp: user.username,
      verifierHex: user.srp_verifier,
      AHex: session.data.A ?? '',
      bHex: session.data.b ?? '',
      BHex: session.data.B ?? '',
      secretBlock,
      timestamp,
      signature,
    });
  await attemptPassword(ctx, user.sub, () => proven);
  return completeSignIn(ctx, user);
}

const WRITABLE_CHALLENGE_ATTRIBUTES = new Set(['name', 'locale']);

async function newPasswordRequired(
  ctx: IdentityContext,
  clientId: string,
  sessionHandle: string | undefined,
  responses: Record<string, string>,
) {
  const password = requiredEntry(responses, 'NEW_PASSWORD');
  const session =
    sessionHandle && (await findAuthSession(ctx, 'NEW_PASSWORD_REQUIRED', sessionHandle, clientId));
  if (!sessionHandle || !session) throw notAuthorized(MESSAGES.sessionExpired);
  const attributes: { name?: string; locale?: string } = {};
  for (const [key, value] of Object.entries(responses)) {
    if (!key.startsWith('userAttributes.')) continue;
    const name = key.slice('userAttributes.'.length);
    if (!WRITABLE_CHALLENGE_ATTRIBUTES.has(name)) {
      throw invalidParameter(`Cannot modify the non-mutable or unknown attribute ${name}`);
    }
    attributes[name as 'name' | 'locale'] = value;
  }
  // The policy is checked before the session is used up, so the user can simply try another password.
  assertPasswordPolicy(password);
  if (!(await consumeAuthSession(ctx, 'NEW_PASSWORD_REQUIRED', sessionHandle, clientId))) {
    throw notAuthorized(MESSAGES.sessionExpired);
  }
  const user = await findPoolUserBySub(ctx.db, session.sub);
  if (!user) throw notAuthorized(MESSAGES.sessionExpired);
  if (responses.USERNAME && !namesUser(user, responses.USERNAME))
    throw notAuthorized(MESSAGES.sessionExpired);
  await setPoolUserPassword(ctx.db, ctx.config, user, password, false);
  if (Object.keys(attributes).length > 0) {
    await ctx.db
      .updateTable('identity_users')
      .set({ ...attributes, updated_at: ctx.now() })
      .where('sub', '=', user.sub)
      .execute();
  }
  const updated = await findPoolUserBySub(ctx.db, user.sub);
  return completeSignIn(ctx, updated!);
}
