import { sql } from 'kysely';
import type { IdentityContext } from '../context.ts';
import { ensureMfaRow, type MfaMethod } from './mfa-settings.ts';

/** Turns a method on after its setup during sign-in; it becomes the preferred one if none is. */
export async function enableMfaMethod(ctx: IdentityContext, sub: string, method: MfaMethod): Promise<void> {
  await ensureMfaRow(ctx.db, sub);
  await ctx.db
    .updateTable('identity_user_mfa')
    .set({
      ...(method === 'SOFTWARE_TOKEN_MFA' ? { totp_enabled: true } : { email_enabled: true }),
      preferred: sql<MfaMethod>`coalesce(preferred, ${method})`,
      updated_at: ctx.now(),
    })
    .where('sub', '=', sub)
    .execute();
}
