import { limitClientAddress } from '../address-limit.ts';
import type { IdentityContext } from '../context.ts';
import { invalidParameter } from '../errors.ts';
import { answerMfaChallenge, MFA_CHALLENGE_NAMES } from '../mfa/answer-challenge.ts';
import type { MfaChallengeName } from '../mfa/mfa-sessions.ts';
import {
  optionalString,
  type RequestBody,
  requireClient,
  requiredString,
  stringMap,
} from '../protocol/params.ts';
import { answerNewPasswordRequired } from '../sign-in/new-password-required.ts';
import { answerPasswordVerifier } from '../sign-in/srp-verify.ts';
import { answerSelectChallenge } from '../sign-in/user-auth.ts';
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
  if (challenge === 'PASSWORD_VERIFIER') return answerPasswordVerifier(ctx, clientId, responses);
  if (challenge === 'NEW_PASSWORD_REQUIRED') {
    return answerNewPasswordRequired(ctx, clientId, optionalString(body, 'Session'), responses);
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
