import { limitClientAddress } from '../address-limit.ts';
import { auditIdentityEvent } from '../audit-identity.ts';
import type { IdentityContext } from '../context.ts';
import { CognitoError, invalidParameter, MESSAGES, notAuthorized } from '../errors.ts';
import { consumeMfaSession, findMfaSession, startMfaSession } from '../mfa/mfa-sessions.ts';
import { associateSoftwareTokenFor, verifyPendingSoftwareToken } from '../mfa/software-token.ts';
import { optionalString, type RequestBody, requiredString } from '../protocol/params.ts';
import { authenticateAccessToken } from '../tokens/access-token.ts';

/** COGNITO.md §4 has no text for these; AWS's own wordings as its clients report them. */
const mfaOff = () =>
  new CognitoError(
    'SoftwareTokenMFANotFoundException',
    'Software Token MFA has not been enabled by the userPool.',
  );
const codeMismatch = () =>
  new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
const notAssociated = () =>
  invalidParameter('No software token is associated with the user: call AssociateSoftwareToken first');

/**
 * Who sets up TOTP: the signed-in user (AccessToken), or a sign-in in MFA_SETUP (Session, at the step
 * `setup`). A Session is used up and replaced, as Cognito returns a new one.
 */
async function caller(ctx: IdentityContext, body: RequestBody, setup: 'start' | 'associated') {
  if (ctx.config.IDENTITY_MFA === 'off') throw mfaOff();
  const accessToken = optionalString(body, 'AccessToken');
  const sessionHandle = optionalString(body, 'Session');
  await limitClientAddress(ctx, 'mfa');
  if (accessToken !== undefined) {
    return { sub: (await authenticateAccessToken(ctx, accessToken)).user.sub, sessionHandle: undefined };
  }
  if (sessionHandle === undefined) throw invalidParameter('Either AccessToken or Session is required');
  const session = await findMfaSession(ctx, sessionHandle, ctx.config.COGNITO_CLIENT_ID, 'MFA_SETUP');
  const step = session?.data.setup ?? 'start';
  // VerifySoftwareToken needs an associated Session; AssociateSoftwareToken may be repeated (a new seed).
  if (!session || (setup === 'associated' && step !== 'associated')) {
    throw notAuthorized(MESSAGES.sessionExpired);
  }
  return { sub: session.sub, sessionHandle };
}

async function nextSession(
  ctx: IdentityContext,
  handle: string,
  sub: string,
  setup: 'associated' | 'verified',
) {
  const used = await consumeMfaSession(ctx, handle, ctx.config.COGNITO_CLIENT_ID, 'MFA_SETUP');
  if (!used || used.sub !== sub) throw notAuthorized(MESSAGES.sessionExpired);
  return startMfaSession(ctx, sub, { challenge: 'MFA_SETUP', setup });
}

/** AssociateSoftwareToken: a new TOTP seed (`SecretCode`, base32); with a Session, also the next Session. */
export async function associateSoftwareToken(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const { sub, sessionHandle } = await caller(ctx, body, 'start');
  const secret = await associateSoftwareTokenFor(ctx, sub);
  if (!sessionHandle) return { SecretCode: secret };
  return { SecretCode: secret, Session: await nextSession(ctx, sessionHandle, sub, 'associated') };
}

/**
 * VerifySoftwareToken: a 6-digit code of the associated seed (30 s steps, ±1) makes it the user's verified
 * TOTP seed. `{Status: 'SUCCESS'}`; with a Session, also the Session for RespondToAuthChallenge(MFA_SETUP).
 * A wrong code leaves the association (and the Session) in place for another try.
 */
export async function verifySoftwareToken(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const code = requiredString(body, 'UserCode');
  if (!/^\d{6}$/.test(code)) {
    throw invalidParameter(
      "1 validation error detected: Value at 'userCode' failed to satisfy constraint: Member must satisfy regular expression pattern: [0-9]{6}",
    );
  }
  const deviceName = optionalString(body, 'FriendlyDeviceName');
  if (deviceName !== undefined && deviceName.length > 131) {
    throw invalidParameter(
      "1 validation error detected: Value at 'friendlyDeviceName' failed to satisfy constraint: Member must have length less than or equal to 131",
    );
  }
  const { sub, sessionHandle } = await caller(ctx, body, 'associated');
  const outcome = await verifyPendingSoftwareToken(ctx, sub, code, deviceName?.trim() || undefined);
  if (outcome === 'not-associated') throw notAssociated();
  if (outcome === 'mismatch') throw codeMismatch();
  await auditIdentityEvent(ctx, sub, 'user.mfa.update', { after: { authenticatorApp: 'verified' } });
  if (!sessionHandle) return { Status: 'SUCCESS' };
  return { Status: 'SUCCESS', Session: await nextSession(ctx, sessionHandle, sub, 'verified') };
}
