import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import { limitClientAddress } from '../address-limit.ts';
import { auditIdentityEvent } from '../audit-identity.ts';
import type { IdentityContext } from '../context.ts';
import { invalidParameter, userNotFound } from '../errors.ts';
import { type MethodPreference, type MfaPreferences, setMfaPreferences } from '../mfa/preferences.ts';
import { type RequestBody, requiredString, requirePool } from '../protocol/params.ts';
import { authenticateAccessToken } from '../tokens/access-token.ts';
import { findPoolUser } from '../users.ts';

/** `{Enabled?, PreferredMfa?}` of one method's settings member, or undefined when absent. */
function methodPreference(body: RequestBody, member: string): MethodPreference | undefined {
  const value = body[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParameter(`Invalid value for member '${member}': expected a structure`);
  }
  const { Enabled, PreferredMfa } = value as Record<string, unknown>;
  for (const [name, flag] of [
    ['Enabled', Enabled],
    ['PreferredMfa', PreferredMfa],
  ] as const) {
    if (flag !== undefined && flag !== null && typeof flag !== 'boolean') {
      throw invalidParameter(`Invalid value for member '${member}.${name}': expected a boolean`);
    }
  }
  return {
    ...(typeof Enabled === 'boolean' ? { Enabled } : {}),
    ...(typeof PreferredMfa === 'boolean' ? { PreferredMfa } : {}),
  };
}

/** The request's settings. The pool has no SMS: turning it on is refused, off is accepted as it is. */
function preferencesOf(body: RequestBody): MfaPreferences {
  if (methodPreference(body, 'SMSMfaSettings')?.Enabled === true) {
    throw invalidParameter('SMS MFA is not enabled for this user pool');
  }
  const totp = methodPreference(body, 'SoftwareTokenMfaSettings');
  const email = methodPreference(body, 'EmailMfaSettings');
  return { ...(totp ? { SOFTWARE_TOKEN_MFA: totp } : {}), ...(email ? { EMAIL_OTP: email } : {}) };
}

/** SetUserMFAPreference: the signed-in user's own MFA methods (AccessToken). */
export async function setUserMfaPreference(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const preferences = preferencesOf(body);
  await limitClientAddress(ctx, 'mfa');
  const { user } = await authenticateAccessToken(ctx, requiredString(body, 'AccessToken'));
  await setMfaPreferences(ctx, user, preferences);
  await auditIdentityEvent(ctx, user.sub, 'user.mfa.update', { after: { ...preferences } });
  return {};
}

/** AdminSetUserMFAPreference (SigV4-signed): the same for any user of the pool. */
export async function adminSetUserMfaPreference(ctx: IdentityContext, body: RequestBody): Promise<object> {
  requirePool(ctx.config, body);
  const preferences = preferencesOf(body);
  const user: PoolUser | undefined = await findPoolUser(ctx.db, requiredString(body, 'Username'));
  if (!user) throw userNotFound();
  await setMfaPreferences(ctx, user, preferences);
  return {};
}
