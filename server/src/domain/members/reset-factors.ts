import {
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { writeAudit } from '../audit/audit-log.ts';
import { badRequest, notFound } from '../errors.ts';
import { isUuid } from '../uuid.ts';
import type { Caller } from './caller.ts';
import type { MemberFactors } from './member-factors.ts';
import type { MemberDeps } from './members.ts';

const OFF = { Enabled: false, PreferredMfa: false };

/**
 * The owner resets a member's two-step sign-in (issue 25 item 7): both MFA methods off through the pool's
 * AdminSetUserMFAPreference, and the member signed out everywhere (AdminUserGlobalSignOut), so the next
 * sign-in is the one where they set a factor up again. Passkeys stay: Amazon Cognito has no admin operation
 * that deletes another user's passkeys (decision 0027). Audited.
 */
export async function resetMemberFactors(
  deps: MemberDeps & { factors: MemberFactors },
  caller: Caller,
  userId: string,
): Promise<void> {
  const { db, identity, userPoolId } = deps;
  if (!isUuid(userId)) throw notFound('Member not found');
  const target = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', userId)
    .where('company_id', '=', caller.companyId)
    .executeTakeFirst();
  if (!target) throw notFound('Member not found');
  if (target.id === caller.userId) {
    throw badRequest('Change your own two-step sign-in in your profile settings.');
  }
  const Username = target.email;
  await identity.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: userPoolId,
      Username,
      SoftwareTokenMfaSettings: OFF,
      EmailMfaSettings: OFF,
    }),
  );
  await identity.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username }));
  deps.factors.forget(target.id);
  await writeAudit(db, {
    actorUserId: caller.userId,
    companyId: caller.companyId,
    action: 'member.mfa.reset',
    targetType: 'user',
    targetId: target.id,
    details: { email: target.email },
  });
}
