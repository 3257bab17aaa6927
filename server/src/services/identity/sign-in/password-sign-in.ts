import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { MESSAGES, notAuthorized } from '../errors.ts';
import { verifyPassword } from '../password-hash.ts';
import { findPoolUser } from '../users.ts';
import { completeSignIn, type SignInResponse } from './complete-sign-in.ts';
import { attemptPassword } from './password-attempt.ts';
import { unknownUserError } from './unknown-user.ts';

/**
 * Sign-in with the plain password (USER_PASSWORD_AUTH, and USER_AUTH's PASSWORD challenge): the
 * unknown-user answer, the lockout, the argon2id check, then the account-state checks and tokens.
 */
export async function passwordSignIn(
  ctx: IdentityContext,
  username: string,
  password: string,
): Promise<SignInResponse> {
  const user = await findPoolUser(ctx.db, username);
  if (!user) throw unknownUserError(ctx);
  return checkPassword(ctx, user, password);
}

/** The password check of `passwordSignIn` for a user already known (e.g. from a challenge Session). */
export async function checkPassword(
  ctx: IdentityContext,
  user: PoolUser,
  password: string,
): Promise<SignInResponse> {
  // A locked account is refused before hashing, so guessing during a lock costs us nothing.
  if (user.locked_until && user.locked_until > ctx.now())
    throw notAuthorized(MESSAGES.passwordAttemptsExceeded);
  // argon2 runs before the row is locked, so the lock is held only for the bookkeeping.
  const correct = await verifyPassword(user.password_hash, password);
  await attemptPassword(ctx, user.sub, () => correct);
  return completeSignIn(ctx, user);
}
