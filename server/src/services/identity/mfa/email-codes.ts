import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { DB } from '../../../infrastructure/db/types.ts';
import { hitCounter } from '../../../infrastructure/rate-limits/rate-counters.ts';
import { storedSecret } from '../../../infrastructure/secrets/stored-secrets.ts';
import type { IdentityContext } from '../context.ts';
import { limitExceeded } from '../errors.ts';
import type { CodeCheck } from './code-attempt.ts';

/**
 * E-mailed sign-in codes (EMAIL_OTP): 6 digits, valid IDENTITY_MFA_CODE_SECONDS, one at a time per user (a
 * new one replaces the last), deleted when used. Kept as an HMAC under a generated key, so a leaked row
 * cannot be reversed by trying the million codes.
 */
async function codeHash(ctx: IdentityContext, sub: string, code: string): Promise<Buffer> {
  const key = await storedSecret(ctx.db, 'mfa-email-code-key', () => randomBytes(32).toString('base64url'));
  return createHmac('sha256', key).update(`${sub}:${code}`).digest();
}

/**
 * Makes a new code and mails it in the user's language and brand. Whoever knows the password could mail
 * the user a code per sign-in: IDENTITY_CODE_ATTEMPTS_PER_HOUR codes per account and hour, then
 * LimitExceededException (as for reset codes).
 */
export async function sendEmailCode(ctx: IdentityContext, user: PoolUser): Promise<void> {
  const sent = await hitCounter(ctx.db, `mfa-email-code:${user.sub}`, 3600, ctx.now());
  if (sent > ctx.config.IDENTITY_CODE_ATTEMPTS_PER_HOUR) throw limitExceeded();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.now();
  const row = {
    code_hash: (await codeHash(ctx, user.sub, code)).toString('hex'),
    expires_at: new Date(now.getTime() + ctx.config.IDENTITY_MFA_CODE_SECONDS * 1000),
    created_at: now,
  };
  await ctx.db
    .insertInto('identity_mfa_email_codes')
    .values({ sub: user.sub, ...row })
    .onConflict((oc) => oc.column('sub').doUpdateSet(row))
    .execute();
  await ctx.mail.send({
    to: user.email,
    locale: user.locale,
    template: 'sign-in-code',
    brand: ctx.hostBrand,
    params: { code, minutes: String(Math.round(ctx.config.IDENTITY_MFA_CODE_SECONDS / 60)) },
  });
}

/**
 * The check of `attemptCode` for an e-mailed code: the hash is computed first (its key may need the
 * database), then the row is compared and, when right and fresh, deleted within the transaction.
 */
export async function emailCodeCheck(
  ctx: IdentityContext,
  sub: string,
  code: string,
): Promise<(tx: Kysely<DB>) => Promise<CodeCheck>> {
  const given = await codeHash(ctx, sub, code);
  return async (tx) => {
    const row = await tx
      .selectFrom('identity_mfa_email_codes')
      .select(['code_hash', 'expires_at'])
      .where('sub', '=', sub)
      .executeTakeFirst();
    const stored = row ? Buffer.from(row.code_hash, 'hex') : undefined;
    if (!row || !stored || stored.length !== given.length || !timingSafeEqual(stored, given))
      return 'mismatch';
    if (row.expires_at <= ctx.now()) return 'expired';
    await tx.deleteFrom('identity_mfa_email_codes').where('sub', '=', sub).execute();
    return 'valid';
  };
}
