import type { Kysely } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { enabledMethods, type MfaMethod, mfaRowOf } from './mfa-settings.ts';

export interface SecondFactors {
  /** Whether the user has any second factor that a sign-in asks for. */
  enabled: boolean;
  /** `SOFTWARE_TOKEN_MFA` (an authenticator app), `EMAIL_OTP` (e-mailed codes), in Cognito's order. */
  methods: MfaMethod[];
  preferred?: MfaMethod;
}

/**
 * Does this user of the embedded pool have a second factor, which ones: for the company's two-step policy
 * (issue 25 item 7). Passkeys, a first factor, are not among them.
 */
export async function secondFactorsOf(db: Kysely<DB>, sub: string): Promise<SecondFactors> {
  const row = await mfaRowOf(db, sub);
  const methods = enabledMethods(row);
  const preferred = row?.preferred as MfaMethod | null | undefined;
  return { enabled: methods.length > 0, methods, ...(preferred ? { preferred } : {}) };
}
