import type { IdentityContext } from '../context.ts';
import { consumeAuthSession, findAuthSession, startAuthSession } from '../sign-in/auth-sessions.ts';

export type MfaChallengeName = 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP' | 'SELECT_MFA_TYPE' | 'MFA_SETUP';

/**
 * What a second-factor Session is for. `setup`: on MFA_SETUP, how far the TOTP setup got ('associated',
 * 'verified'); on EMAIL_OTP, 'email' when the code also turns e-mail codes on. `choices`: SELECT_MFA_TYPE's
 * MFAS_CAN_CHOOSE.
 * `firstFactor`: on EMAIL_OTP, 'EMAIL_OTP' when the code is the sign-in's first factor (USER_AUTH), not MFA.
 */
export interface MfaSessionData extends Record<string, string | undefined> {
  challenge: MfaChallengeName;
  setup?: 'associated' | 'verified' | 'email';
  choices?: string;
  firstFactor?: 'EMAIL_OTP';
}

export interface MfaSession {
  sub: string;
  data: MfaSessionData;
}

export function startMfaSession(ctx: IdentityContext, sub: string, data: MfaSessionData): Promise<string> {
  return startAuthSession(ctx, 'MFA', sub, JSON.parse(JSON.stringify(data)));
}

const forChallenge = (session: { sub: string; data: Record<string, string> } | undefined, name: string) =>
  session && session.data.challenge === name ? (session as MfaSession) : undefined;

/** The live Session of this challenge, left in place (a wrong code may be tried again on it). */
export async function findMfaSession(
  ctx: IdentityContext,
  handle: string,
  clientId: string,
  challenge: MfaChallengeName,
): Promise<MfaSession | undefined> {
  return forChallenge(await findAuthSession(ctx, 'MFA', handle, clientId), challenge);
}

/** Uses the Session up; undefined when it is gone (expired, or used by a concurrent answer). */
export async function consumeMfaSession(
  ctx: IdentityContext,
  handle: string,
  clientId: string,
  challenge: MfaChallengeName,
): Promise<MfaSession | undefined> {
  return forChallenge(await consumeAuthSession(ctx, 'MFA', handle, clientId), challenge);
}
