import type { Kysely } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import type { IdentityContext } from '../context.ts';
import type { CodeCheckResult, CodeState } from './code-attempt.ts';
import { ensureMfaRow, mfaRowOf, openTotpSecret, sealTotpSecret } from './mfa-settings.ts';
import { matchingTotpSteps, newTotpSecret } from './totp.ts';

/**
 * A new seed for the user, kept sealed as the pending one until a code from it is verified; the verified
 * seed (if any) keeps working meanwhile. Returned once, here, and never again.
 */
export async function associateSoftwareTokenFor(ctx: IdentityContext, sub: string): Promise<string> {
  const secret = newTotpSecret();
  const sealed = await sealTotpSecret(ctx.db, secret);
  await ensureMfaRow(ctx.db, sub);
  await ctx.db
    .updateTable('identity_user_mfa')
    .set({ totp_pending_secret_sealed: sealed, updated_at: ctx.now() })
    .where('sub', '=', sub)
    .execute();
  return secret;
}

export type VerifyOutcome = 'verified' | 'mismatch' | 'not-associated';

/**
 * VerifySoftwareToken: a code of the pending seed makes it the user's verified seed (replacing an older one,
 * whose enabled state it takes over). Its step is recorded, so the same code cannot then sign in.
 */
export async function verifyPendingSoftwareToken(
  ctx: IdentityContext,
  sub: string,
  code: string,
  deviceName: string | undefined,
): Promise<VerifyOutcome> {
  const row = await mfaRowOf(ctx.db, sub);
  if (!row?.totp_pending_secret_sealed) return 'not-associated';
  const secret = await openTotpSecret(ctx.db, row.totp_pending_secret_sealed);
  const [step] = matchingTotpSteps(secret, code, ctx.now());
  if (step === undefined) return 'mismatch';
  const updated = await ctx.db
    .updateTable('identity_user_mfa')
    .set({
      totp_secret_sealed: row.totp_pending_secret_sealed,
      totp_pending_secret_sealed: null,
      totp_verified_at: ctx.now(),
      totp_device_name: deviceName ?? null,
      totp_last_step: step,
      updated_at: ctx.now(),
    })
    // Only the seed that was checked: a newer association in the meantime is not verified by this code.
    .where('sub', '=', sub)
    .where('totp_pending_secret_sealed', '=', row.totp_pending_secret_sealed)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n ? 'verified' : 'mismatch';
}

/**
 * The check of `attemptCode` for a SOFTWARE_TOKEN_MFA_CODE: the seed is opened and the matching steps found
 * first; on the locked row the earliest step after the last one used is taken and recorded, so a code (or
 * an earlier one) works once.
 */
export async function totpCodeCheck(
  ctx: IdentityContext,
  sub: string,
  code: string,
): Promise<(tx: Kysely<DB>, state: CodeState) => Promise<CodeCheckResult>> {
  const row = await mfaRowOf(ctx.db, sub);
  const secret = row?.totp_secret_sealed ? await openTotpSecret(ctx.db, row.totp_secret_sealed) : undefined;
  const steps = secret ? matchingTotpSteps(secret, code, ctx.now()) : [];
  return async (_tx, state) => {
    const last = state.totp_last_step ?? -1;
    const step = steps.find((candidate) => candidate > last);
    return step === undefined ? 'mismatch' : { result: 'valid', set: { totp_last_step: step } };
  };
}
