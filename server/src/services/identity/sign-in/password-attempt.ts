import { auditIdentityEvent } from '../audit-identity.ts';
import type { IdentityContext } from '../context.ts';
import { MESSAGES, notAuthorized } from '../errors.ts';

type Outcome = 'ok' | 'failed' | 'locked';

/**
 * Runs one password check under Cognito's lockout rule (COGNITO.md §7): after `threshold` failures the
 * user is locked for 2^(n-threshold) s, capped; attempts during a lock fail with 'Password attempts
 * exceeded' and are not counted; a success, or a quiet period, resets the count. The user's row is
 * locked while checking so that concurrent attempts (from any process) are counted one by one.
 * `check` must not use the database.
 */
export async function attemptPassword(
  ctx: IdentityContext,
  sub: string,
  check: () => boolean | Promise<boolean>,
): Promise<void> {
  const { IDENTITY_LOCKOUT_RESET_SECONDS } = ctx.config;
  const outcome = await ctx.db.transaction().execute(async (tx): Promise<Outcome> => {
    const state = await tx
      .selectFrom('identity_users')
      .select(['failed_attempts', 'locked_until', 'last_attempt_at'])
      .where('sub', '=', sub)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const now = ctx.now();
    if (state.locked_until && state.locked_until > now) return 'locked';
    const quiet =
      state.last_attempt_at &&
      now.getTime() - state.last_attempt_at.getTime() >= IDENTITY_LOCKOUT_RESET_SECONDS * 1000;
    const previousFailures = quiet ? 0 : state.failed_attempts;

    if (await check()) {
      await tx
        .updateTable('identity_users')
        .set({ failed_attempts: 0, locked_until: null, last_attempt_at: now })
        .where('sub', '=', sub)
        .execute();
      return 'ok';
    }
    const failures = previousFailures + 1;
    const lockSeconds = lockoutSeconds(ctx.config, failures);
    await tx
      .updateTable('identity_users')
      .set({
        failed_attempts: failures,
        locked_until: lockSeconds ? new Date(now.getTime() + lockSeconds * 1000) : null,
        last_attempt_at: now,
      })
      .where('sub', '=', sub)
      .execute();
    return 'failed';
  });
  if (outcome === 'ok') return;
  await auditIdentityEvent(ctx, sub, 'user.sign-in.failure', {
    details: { reason: outcome === 'locked' ? 'locked' : 'wrong password' },
  });
  if (outcome === 'locked') throw notAuthorized(MESSAGES.passwordAttemptsExceeded);
  throw notAuthorized(MESSAGES.incorrectCredentials);
}

/**
 * How long `failures` wrong answers in a row lock the user (Cognito's back-off): nothing below
 * IDENTITY_LOCKOUT_THRESHOLD, then 2^(failures - threshold) seconds, capped at IDENTITY_LOCKOUT_MAX_SECONDS.
 * Passwords and second-factor codes lock alike.
 */
export function lockoutSeconds(
  config: Pick<IdentityContext['config'], 'IDENTITY_LOCKOUT_THRESHOLD' | 'IDENTITY_LOCKOUT_MAX_SECONDS'>,
  failures: number,
): number {
  const { IDENTITY_LOCKOUT_THRESHOLD, IDENTITY_LOCKOUT_MAX_SECONDS } = config;
  return failures >= IDENTITY_LOCKOUT_THRESHOLD
    ? Math.min(2 ** (failures - IDENTITY_LOCKOUT_THRESHOLD), IDENTITY_LOCKOUT_MAX_SECONDS)
    : 0;
}
