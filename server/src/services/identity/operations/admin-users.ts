import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { CognitoError, invalidParameter, userNotFound } from '../errors.ts';
import { mfaSettingsView } from '../mfa/mfa-settings.ts';
import { assertPasswordPolicy } from '../password-rules.ts';
import {
  attributeList,
  optionalBoolean,
  type RequestBody,
  requiredString,
  requirePool,
} from '../protocol/params.ts';
import { revokeAllSessions } from '../tokens/refresh-tokens.ts';
import { adminUserView, userAttributes } from '../user-attributes.ts';
import { findPoolUser, setPoolUserPassword } from '../users.ts';

/** The user named by `Username` (internal username or email alias) in our pool. */
async function targetUser(ctx: IdentityContext, body: RequestBody): Promise<PoolUser> {
  requirePool(ctx.config, body);
  const user = await findPoolUser(ctx.db, requiredString(body, 'Username'));
  if (!user) throw userNotFound();
  return user;
}

export async function adminGetUser(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const user = await targetUser(ctx, body);
  return {
    ...adminUserView(user),
    UserAttributes: userAttributes(user),
    ...(await mfaSettingsView(ctx, user.sub)),
  };
}

/** AdminDeleteUser: the user's sign-ins go with it, so refresh and the session check fail at once. */
export async function adminDeleteUser(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const user = await targetUser(ctx, body);
  await ctx.db.deleteFrom('identity_users').where('sub', '=', user.sub).execute();
  return {};
}

export async function adminUserGlobalSignOut(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const user = await targetUser(ctx, body);
  await revokeAllSessions(ctx.db, user.sub, ctx.now());
  return {};
}

/** AdminSetUserPassword: Permanent → CONFIRMED; otherwise a temporary password with a new clock. */
export async function adminSetUserPassword(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const user = await targetUser(ctx, body);
  const password = requiredString(body, 'Password');
  const permanent = optionalBoolean(body, 'Permanent') ?? false;
  assertPasswordPolicy(password);
  await setPoolUserPassword(ctx.db, ctx.config, user, password, !permanent);
  return {};
}

/**
 * AdminUpdateUserAttributes for name, locale, email and email_verified. A new email counts as
 * verified only when email_verified "true" comes with it (there is no verification flow); a blank
 * name deletes it. New values appear in tokens issued afterwards.
 */
export async function adminUpdateUserAttributes(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const user = await targetUser(ctx, body);
  const changes: { name?: string | null; locale?: string; email?: string; email_verified?: boolean } = {};
  for (const { Name, Value } of attributeList(body, 'UserAttributes')) {
    if (Name === 'name') changes.name = Value.trim() === '' ? null : Value;
    else if (Name === 'locale') changes.locale = Value.trim() === '' ? 'en' : Value;
    else if (Name === 'email_verified') changes.email_verified = Value === 'true';
    else if (Name === 'email') {
      if (!/^[^\s@]+@[^\s@]+$/.test(Value)) throw invalidParameter('Invalid email address format.');
      changes.email = Value.trim();
    } else {
      throw invalidParameter(`Attribute ${Name} cannot be updated: it does not exist in the schema.`);
    }
  }
  if (changes.email && changes.email.toLowerCase() !== user.email.toLowerCase()) {
    const other = await findPoolUser(ctx.db, changes.email);
    if (other && other.sub !== user.sub) {
      throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
    }
    changes.email_verified = changes.email_verified ?? false;
  }
  await ctx.db
    .updateTable('identity_users')
    .set({ ...changes, updated_at: ctx.now() })
    .where('sub', '=', user.sub)
    .execute();
  return {};
}
