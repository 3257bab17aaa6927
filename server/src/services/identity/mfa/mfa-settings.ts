import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { openText, type SealingPurpose, sealText } from '../../../infrastructure/secrets/sealed-text.ts';
import type { IdentityContext } from '../context.ts';

export type MfaMethod = 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP';
/** In Cognito's order of UserMFASettingList. */
export const MFA_METHODS: readonly MfaMethod[] = ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'];

export type MfaRow = Selectable<DB['identity_user_mfa']>;

const TOTP_SEEDS: SealingPurpose = { keyName: 'totp-seed-key', purpose: 'totp seeds' };

export const sealTotpSecret = (db: Kysely<DB>, secret: string) => sealText(db, TOTP_SEEDS, secret);
export const openTotpSecret = (db: Kysely<DB>, sealed: string) => openText(db, TOTP_SEEDS, sealed);

export async function mfaRowOf(db: Kysely<DB>, sub: string): Promise<MfaRow | undefined> {
  return db.selectFrom('identity_user_mfa').selectAll().where('sub', '=', sub).executeTakeFirst();
}

/** The row a change writes to, created empty on first use. */
export async function ensureMfaRow(db: Kysely<DB>, sub: string): Promise<void> {
  await db
    .insertInto('identity_user_mfa')
    .values({ sub })
    .onConflict((oc) => oc.column('sub').doNothing())
    .execute();
}

/** The methods a sign-in asks for, in Cognito's order. */
export function enabledMethods(row: Pick<MfaRow, 'totp_enabled' | 'email_enabled'> | undefined): MfaMethod[] {
  if (!row) return [];
  return MFA_METHODS.filter((method) =>
    method === 'SOFTWARE_TOKEN_MFA' ? row.totp_enabled : row.email_enabled,
  );
}

/** GetUser / AdminGetUser's members: UserMFASettingList (always, [] for none) and PreferredMfaSetting. */
export async function mfaSettingsView(
  ctx: IdentityContext,
  sub: string,
): Promise<{ UserMFASettingList: MfaMethod[]; PreferredMfaSetting?: MfaMethod }> {
  const row = await mfaRowOf(ctx.db, sub);
  const preferred = row?.preferred as MfaMethod | null | undefined;
  return {
    UserMFASettingList: enabledMethods(row),
    ...(preferred ? { PreferredMfaSetting: preferred } : {}),
  };
}
