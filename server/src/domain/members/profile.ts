import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Member, meSchema } from '@portal/contracts/reseller';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../infrastructure/db/types.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { notFound } from '../errors.ts';
import { isUuid } from '../uuid.ts';
import type { Caller } from './caller.ts';
import type { MemberDeps } from './members.ts';

/** The signed-in member's own profile (SPEC §7 reseller `GET /v1/me`). */
export async function readProfile(
  db: Kysely<DB>,
  userId: string,
): Promise<Omit<z.infer<typeof meSchema>, 'mfa'>> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'locale', 'company_id', 'welcome_video_seen_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    profile: {
      userId: user.id,
      name: user.name,
      email: user.email,
      locale: user.locale,
      companyId: user.company_id,
      welcomeVideoSeen: user.welcome_video_seen_at !== null,
    },
  };
}

export interface MemberUpdate {
  name?: string | undefined;
  locale?: 'en' | 'zh-TW' | undefined;
  welcomeVideoSeen?: boolean | undefined;
}

/**
 * A member renames themself, picks their language or marks the welcome video seen; the owner may rename
 * any member of the company. Anything else is 404, as if the member did not exist.
 */
export async function updateMember(
  deps: MemberDeps,
  caller: Caller,
  id: string,
  update: MemberUpdate,
): Promise<Member> {
  const { db, identity, userPoolId } = deps;
  if (!isUuid(id)) throw notFound('Member not found');
  const self = id === caller.userId;
  if (!self && !caller.isOwner) throw notFound('Member not found');
  if (!self && (update.locale || update.welcomeVideoSeen)) throw notFound('Member not found');
  const { name, locale, welcomeVideoSeen } = update;
  if (locale) {
    // The identity pool mails the reset code and temporary passwords in its `locale` attribute: keep it the
    // language the user chose, like the profile. Outside the transaction, as in members.ts.
    await identity.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: caller.email,
        UserAttributes: [{ Name: 'locale', Value: locale }],
      }),
    );
  }
  const updated = await db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('users')
      .select('name')
      .where('id', '=', id)
      .where('company_id', '=', caller.companyId)
      .forUpdate()
      .executeTakeFirst();
    const row = await trx
      .updateTable('users')
      .set({
        // As validated (profileNameSchema refuses every space, so there is nothing to trim).
        ...(name !== undefined ? { name } : {}),
        ...(locale ? { locale } : {}),
        ...(welcomeVideoSeen ? { welcome_video_seen_at: new Date() } : {}),
      })
      .where('id', '=', id)
      .where('company_id', '=', caller.companyId)
      .returning(['id', 'name', 'email'])
      .executeTakeFirst();
    if (!row) throw notFound('Member not found');
    if (name !== undefined) {
      await writeAudit(trx, {
        actorUserId: caller.userId,
        companyId: caller.companyId,
        action: 'user.rename',
        targetType: 'user',
        targetId: id,
        targetName: row.name,
        before: { name: previous?.name ?? null },
        after: { name: row.name },
        details: { name: row.name },
      });
    }
    return row;
  });
  return { userId: updated.id, name: updated.name, email: updated.email };
}
