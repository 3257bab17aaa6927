import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { invalidParameter } from '../errors.ts';
import { ensureMfaRow, type MfaMethod, mfaRowOf } from './mfa-settings.ts';

export interface MethodPreference {
  Enabled?: boolean;
  PreferredMfa?: boolean;
}

export type MfaPreferences = Partial<Record<MfaMethod, MethodPreference>>;

/**
 * SetUserMFAPreference / AdminSetUserMFAPreference: methods named are turned on or off; PreferredMfa true
 * makes one the preferred method (it must be on), false or turning it off clears it. Methods not named
 * stay as they are. TOTP can be turned on only once a seed is verified; e-mail codes only with a verified
 * email. With IDENTITY_MFA=off nothing can be turned on.
 */
export async function setMfaPreferences(
  ctx: IdentityContext,
  user: PoolUser,
  preferences: MfaPreferences,
): Promise<void> {
  const named = Object.entries(preferences) as [MfaMethod, MethodPreference][];
  if (named.filter(([, p]) => p.PreferredMfa === true).length > 1) {
    throw invalidParameter('Only one MFA method can be preferred');
  }
  const row = await mfaRowOf(ctx.db, user.sub);
  const next = {
    totp_enabled: row?.totp_enabled ?? false,
    email_enabled: row?.email_enabled ?? false,
    preferred: (row?.preferred ?? null) as MfaMethod | null,
  };
  for (const [method, { Enabled, PreferredMfa }] of named) {
    const column = method === 'SOFTWARE_TOKEN_MFA' ? 'totp_enabled' : 'email_enabled';
    if (Enabled === true) {
      if (ctx.config.IDENTITY_MFA === 'off') throw invalidParameter('MFA is not enabled for this user pool');
      if (method === 'SOFTWARE_TOKEN_MFA' && !row?.totp_secret_sealed) {
        throw invalidParameter('User has not verified software token mfa');
      }
      if (method === 'EMAIL_OTP' && !user.email_verified) {
        throw invalidParameter('User does not have delivery config set to turn on EMAIL_OTP');
      }
      next[column] = true;
    }
    if (Enabled === false) next[column] = false;
    if (PreferredMfa === true) {
      if (!next[column]) throw invalidParameter(`${method} must be enabled to be the preferred MFA method`);
      next.preferred = method;
    }
    if ((PreferredMfa === false || !next[column]) && next.preferred === method) next.preferred = null;
  }
  await ensureMfaRow(ctx.db, user.sub);
  await ctx.db
    .updateTable('identity_user_mfa')
    .set({ ...next, updated_at: ctx.now() })
    .where('sub', '=', user.sub)
    .execute();
}
