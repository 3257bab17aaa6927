import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { maskEmail } from '../mask-destination.ts';
import { sendEmailCode } from './email-codes.ts';
import { type MfaChallengeName, type MfaSessionData, startMfaSession } from './mfa-sessions.ts';
import { enabledMethods, type MfaMethod, mfaRowOf } from './mfa-settings.ts';

export interface MfaChallenge {
  ChallengeName: MfaChallengeName;
  Session: string;
  ChallengeParameters: Record<string, string>;
}

/** What the pool offers a user without a factor when IDENTITY_MFA=on (email only once it is verified). */
const setupChoices = (user: PoolUser): MfaMethod[] =>
  user.email_verified ? ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'] : ['SOFTWARE_TOKEN_MFA'];

/**
 * The second step after a proven password, or undefined when there is none: the user's one method, else
 * the preferred one, else SELECT_MFA_TYPE; with IDENTITY_MFA=on and no method, MFA_SETUP. Every challenge
 * carries a Session (Amplify needs one) and USER_ID_FOR_SRP (the name Amplify answers with).
 */
export async function mfaChallengeFor(
  ctx: IdentityContext,
  user: PoolUser,
): Promise<MfaChallenge | undefined> {
  if (ctx.config.IDENTITY_MFA === 'off') return undefined;
  const row = await mfaRowOf(ctx.db, user.sub);
  const methods = enabledMethods(row);
  if (methods.length === 0) {
    if (ctx.config.IDENTITY_MFA !== 'on') return undefined;
    return challenge(ctx, user, 'MFA_SETUP', {}, { MFAS_CAN_SETUP: JSON.stringify(setupChoices(user)) });
  }
  const preferred = row?.preferred as MfaMethod | null | undefined;
  const chosen = methods.length === 1 ? methods[0] : (preferred ?? undefined);
  if (chosen) return methodChallenge(ctx, user, chosen);
  const choices = JSON.stringify(methods);
  return challenge(ctx, user, 'SELECT_MFA_TYPE', { choices }, { MFAS_CAN_CHOOSE: choices });
}

/** The code challenge of one method; an e-mail code is mailed now. */
export async function methodChallenge(
  ctx: IdentityContext,
  user: PoolUser,
  method: MfaMethod,
  data: Omit<MfaSessionData, 'challenge'> = {},
): Promise<MfaChallenge> {
  if (method === 'SOFTWARE_TOKEN_MFA') return challenge(ctx, user, method, data, {});
  await sendEmailCode(ctx, user);
  return challenge(ctx, user, method, data, {
    CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
    CODE_DELIVERY_DESTINATION: maskEmail(user.email),
  });
}

async function challenge(
  ctx: IdentityContext,
  user: PoolUser,
  name: MfaChallengeName,
  data: Omit<MfaSessionData, 'challenge'>,
  parameters: Record<string, string>,
): Promise<MfaChallenge> {
  const session = await startMfaSession(ctx, user.sub, { ...data, challenge: name });
  return {
    ChallengeName: name,
    Session: session,
    ChallengeParameters: { ...parameters, USER_ID_FOR_SRP: user.username },
  };
}
