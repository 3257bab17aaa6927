import { hitCounter, peekCounter } from '../../../infrastructure/rate-limits/rate-counters.ts';
import { auditIdentityEvent } from '../audit-identity.ts';
import type { IdentityContext } from '../context.ts';
import { limitExceeded, MESSAGES, notAuthorized } from '../errors.ts';
import { verifyPassword } from '../password-hash.ts';
import { assertPasswordPolicy } from '../password-rules.ts';
import { type RequestBody, requiredNonBlankString, requiredString } from '../protocol/params.ts';
import { authenticateAccessToken } from '../tokens/access-token.ts';
import { setPoolUserPassword } from '../users.ts';

/**
 * ChangePassword. Wrong previous passwords are counted per user; after IDENTITY_LOCKOUT_THRESHOLD of
 * them within IDENTITY_LOCKOUT_MAX_SECONDS the answer is LimitExceededException (COGNITO.md §3.6).
 */
export async function changePassword(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const { user } = await authenticateAccessToken(ctx, requiredString(body, 'AccessToken'));
  const previous = requiredNonBlankString(body, 'PreviousPassword');
  const proposed = requiredString(body, 'ProposedPassword');
  const key = `change-password:${user.sub}`;
  const window = ctx.config.IDENTITY_LOCKOUT_MAX_SECONDS;
  if ((await peekCounter(ctx.db, key, window, ctx.now())) >= ctx.config.IDENTITY_LOCKOUT_THRESHOLD) {
    throw limitExceeded();
  }
  if (!(await verifyPassword(user.password_hash, previous))) {
    await hitCounter(ctx.db, key, window, ctx.now());
    throw notAuthorized(MESSAGES.incorrectCredentials);
  }
  assertPasswordPolicy(proposed);
  await setPoolUserPassword(ctx.db, ctx.config, user, proposed, false);
  await auditIdentityEvent(ctx, user.sub, 'user.password.change');
  return {};
}
