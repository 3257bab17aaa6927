import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { IdentityContext } from './context.ts';

const codeHash = (sub: string, code: string) => createHash('sha256').update(`${sub}:${code}`).digest();

/** A new 6-digit reset code for the user, valid IDENTITY_CODE_SECONDS; it replaces any earlier one. */
export async function issueResetCode(ctx: IdentityContext, sub: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.now();
  const row = {
    code_hash: codeHash(sub, code).toString('hex'),
    expires_at: new Date(now.getTime() + ctx.config.IDENTITY_CODE_SECONDS * 1000),
  };
  await ctx.db
    .insertInto('identity_reset_codes')
    .values({ sub, ...row, created_at: now })
    .onConflict((oc) => oc.column('sub').doUpdateSet(row))
    .execute();
  return code;
}

export type CodeCheck = 'valid' | 'mismatch' | 'expired';

/** Whether the code is the user's current one; a matching but stale code is 'expired'. */
export async function checkResetCode(ctx: IdentityContext, sub: string, code: string): Promise<CodeCheck> {
  const row = await ctx.db
    .selectFrom('identity_reset_codes')
    .select(['code_hash', 'expires_at'])
    .where('sub', '=', sub)
    .executeTakeFirst();
  if (!row) return 'mismatch';
  const stored = Buffer.from(row.code_hash, 'hex');
  const given = codeHash(sub, code);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return 'mismatch';
  return row.expires_at <= ctx.now() ? 'expired' : 'valid';
}

export async function deleteResetCode(ctx: IdentityContext, sub: string): Promise<void> {
  await ctx.db.deleteFrom('identity_reset_codes').where('sub', '=', sub).execute();
}
