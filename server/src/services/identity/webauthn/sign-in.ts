import { randomBytes } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { MESSAGES, notAuthorized } from '../errors.ts';
import { requiredEntry } from '../protocol/params.ts';
import { consumeAuthSession, startAuthSession } from '../sign-in/auth-sessions.ts';
import { completeSignIn, type SignInResponse } from '../sign-in/complete-sign-in.ts';
import { attemptPassword } from '../sign-in/password-attempt.ts';
import { findPoolUserBySub, namesUser } from '../users.ts';
import { challengeOfCredential, idOfCredential, parseCredentialParameter } from './credential-json.ts';
import {
  countCredentials,
  credentialsOf,
  findUserCredential,
  recordCredentialUse,
  type StoredCredential,
} from './credential-store.ts';
import { relyingPartyOf } from './relying-party.ts';

export interface WebAuthnChallenge {
  ChallengeName: 'WEB_AUTHN';
  Session: string;
  ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: string };
}

/**
 * The WEB_AUTHN challenge for a user with passkeys, or undefined for one without: request options for
 * navigator.credentials.get() naming the user's credentials and requiring user verification, as the JSON
 * string CREDENTIAL_REQUEST_OPTIONS, and a one-time Session that holds the challenge.
 */
export async function webAuthnChallengeFor(
  ctx: IdentityContext,
  user: PoolUser,
): Promise<WebAuthnChallenge | undefined> {
  const credentials = await credentialsOf(ctx.db, user.sub);
  if (credentials.length === 0) return undefined;
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyOf(ctx.config).id,
    allowCredentials: credentials.map((c) => ({ id: c.credential_id, transports: c.transports })),
    challenge: randomBytes(32),
    timeout: ctx.config.IDENTITY_AUTH_SESSION_SECONDS * 1000,
    userVerification: 'required',
  });
  const session = await startAuthSession(ctx, 'WEB_AUTHN', user.sub, { challenge: options.challenge });
  return {
    ChallengeName: 'WEB_AUTHN',
    Session: session,
    ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: JSON.stringify(options) },
  };
}

export async function hasPasskeys(ctx: IdentityContext, user: PoolUser): Promise<boolean> {
  return (await countCredentials(ctx.db, user.sub)) > 0;
}

/**
 * RespondToAuthChallenge(WEB_AUTHN) with `{USERNAME, CREDENTIAL}`: the Session is used up, then the
 * assertion must be by one of this user's passkeys, for this challenge, origin and RP ID, with user
 * verification and a signature counter above the stored one. Any failure is the wrong-password answer and
 * counts toward the same lockout; success is a complete sign-in (a verified passkey is two factors).
 */
export async function answerWebAuthn(
  ctx: IdentityContext,
  clientId: string,
  sessionHandle: string | undefined,
  responses: Record<string, string>,
): Promise<SignInResponse> {
  const username = requiredEntry(responses, 'USERNAME');
  const credential = parseCredentialParameter(requiredEntry(responses, 'CREDENTIAL'));
  challengeOfCredential(credential, 'CREDENTIAL');
  const credentialId = idOfCredential(credential, 'CREDENTIAL');
  if (!sessionHandle) throw notAuthorized(MESSAGES.sessionExpired);

  const session = await consumeAuthSession(ctx, 'WEB_AUTHN', sessionHandle, clientId);
  if (!session) throw notAuthorized(MESSAGES.sessionExpired);
  const user = await findPoolUserBySub(ctx.db, session.sub);
  if (!user || !namesUser(user, username)) throw notAuthorized(MESSAGES.sessionExpired);
  // A locked account is refused before verifying, as a password is before hashing.
  if (user.locked_until && user.locked_until > ctx.now())
    throw notAuthorized(MESSAGES.passwordAttemptsExceeded);

  const stored = await findUserCredential(ctx.db, user.sub, credentialId);
  const response = credential as AuthenticationResponseJSON;
  const newCounter =
    stored && (await verifiedCounter(ctx, user, stored, response, session.data.challenge ?? ''));
  const accepted =
    stored !== undefined &&
    newCounter !== undefined &&
    (await recordCredentialUse(ctx.db, stored, newCounter, ctx.now()));
  await attemptPassword(ctx, user.sub, () => accepted);
  return completeSignIn(ctx, user, { firstFactor: 'WEB_AUTHN' });
}

/** The authenticator's new counter if the assertion verifies, else undefined (the library's reasons are not told). */
async function verifiedCounter(
  ctx: IdentityContext,
  user: PoolUser,
  stored: StoredCredential,
  response: AuthenticationResponseJSON,
  challenge: string,
): Promise<number | undefined> {
  const userHandle = response.response?.userHandle;
  if (userHandle && userHandle !== isoBase64URL.fromUTF8String(user.sub)) return undefined;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: relyingPartyOf(ctx.config).origin,
      expectedRPID: stored.relying_party_id,
      credential: {
        id: stored.credential_id,
        publicKey: isoBase64URL.toBuffer(stored.public_key),
        counter: stored.sign_count,
        transports: stored.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    return result.verified && result.authenticationInfo.userVerified
      ? result.authenticationInfo.newCounter
      : undefined;
  } catch {
    return undefined;
  }
}
