import type { Kysely } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { auditIdentityEvent } from '../audit-identity.ts';
import type { IdentityContext } from '../context.ts';
import { CognitoError, MESSAGES, notAuthorized } from '../errors.ts';
import { lockoutSeconds } from '../sign-in/password-attempt.ts';

export type CodeCheck = 'valid' | 'mismatch' | 'expired';

/** What a check sees of the locked row, and may change with the bookkeeping (one statement). */
export interface CodeState {
  totp_last_step: number | null;
}
export type CodeCheckResult = CodeCheck | { result: 'valid'; set: Partial<CodeState> };

const COLUMNS = [
  'code_failed_attempts',
  'code_locked_until',
  'code_last_attempt_at',
  'totp_last_step',
] as const;

/**
 * Checks one second-factor code under the password's lockout rule (COGNITO.md §7: "After five unsuccessful
 * attempts to present an MFA code, Amazon Cognito begins the exponential-timeout lockout process"): after
 * IDENTITY_LOCKOUT_THRESHOLD wrong codes the user is locked for 2^(n-threshold) s, capped; codes during a
 * lock get 'Password attempts exceeded' and are not counted; a right code, or a quiet period, resets the
 * count. The count is the codes' own: proving the password again does not reset it. The row stays locked
 * while checking, so concurrent codes (from any process) are counted one by one and a code is used once.
 * `check` gets the transaction and the locked row, and must use only the transaction (PGlite has one
 * connection); a right TOTP code's step is written with the bookkeeping, in one statement.
 */
export async function attemptCode(
  ctx: IdentityContext,
  sub: string,
  check: (tx: Kysely<DB>, state: CodeState) => Promise<CodeCheckResult>,
): Promise<void> {
  const { IDENTITY_LOCKOUT_RESET_SECONDS } = ctx.config;
  const outcome = await ctx.db.transaction().execute(async (tx): Promise<CodeCheck | 'locked'> => {
    const lockRow = () =>
      tx
        .selectFrom('identity_user_mfa')
        .select(COLUMNS)
        .where('sub', '=', sub)
        .forUpdate()
        .executeTakeFirst();
    let state = await lockRow();
    if (!state) {
      // A user whose first e-mail code sets e-mail codes up has no row yet.
      await tx
        .insertInto('identity_user_mfa')
        .values({ sub })
        .onConflict((oc) => oc.column('sub').doNothing())
        .execute();
      state = await lockRow();
    }
    if (!state) throw new Error('identity_user_mfa row missing');
    const now = ctx.now();
    if (state.code_locked_until && state.code_locked_until > now) return 'locked';
    const quiet =
      state.code_last_attempt_at &&
      now.getTime() - state.code_last_attempt_at.getTime() >= IDENTITY_LOCKOUT_RESET_SECONDS * 1000;
    const previousFailures = quiet ? 0 : state.code_failed_attempts;

    const checked = await check(tx, state);
    const result = typeof checked === 'string' ? checked : checked.result;
    // An expired code was once right: not a guess, so not counted.
    if (result !== 'mismatch') {
      await tx
        .updateTable('identity_user_mfa')
        .set({
          ...(result === 'valid' ? { code_failed_attempts: 0, code_locked_until: null } : {}),
          ...(typeof checked === 'string' ? {} : checked.set),
          code_last_attempt_at: now,
        })
        .where('sub', '=', sub)
        .execute();
      return result;
    }
    const failures = previousFailures + 1;
    const lockSeconds = lockoutSeconds(ctx.config, failures);
    await tx
      .updateTable('identity_user_mfa')
      .set({
        code_failed_attempts: failures,
        code_locked_until: lockSeconds ? new Date(now.getTime() + lockSeconds * 1000) : null,
        code_last_attempt_at: now,
      })
      .where('sub', '=', sub)
      .execute();
    return 'mismatch';
  });
  if (outcome === 'locked' || outcome === 'mismatch') {
    await auditIdentityEvent(ctx, sub, 'user.sign-in.failure', {
      details: { reason: outcome === 'locked' ? 'locked' : 'wrong code' },
    });
  }
  if (outcome === 'locked') throw notAuthorized(MESSAGES.passwordAttemptsExceeded);
  if (outcome === 'mismatch') throw new CognitoError('CodeMismatchException', MESSAGES.codeMismatch);
  if (outcome === 'expired') throw new CognitoError('ExpiredCodeException', MESSAGES.codeExpired);
}
