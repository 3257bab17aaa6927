import type { IdentityContext } from '../context.ts';
import { invalidParameter, MESSAGES, notAuthorized } from '../errors.ts';
import { assertPasswordPolicy } from '../password-rules.ts';
import { requiredEntry } from '../protocol/params.ts';
import { findPoolUserBySub, namesUser, setPoolUserPassword } from '../users.ts';
import { consumeAuthSession, findAuthSession } from './auth-sessions.ts';
import { completeSignIn } from './complete-sign-in.ts';

const WRITABLE_CHALLENGE_ATTRIBUTES = new Set(['name', 'locale']);

/**
 * The NEW_PASSWORD_REQUIRED answer: a new password (and the writable attributes) for a user created with a
 * temporary one; the session works once.
 */
export async function answerNewPasswordRequired(
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
