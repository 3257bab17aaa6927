import type { AuditAction } from '@portal/contracts/audit';
import { writeAudit } from '../../domain/audit/audit-log.ts';
import { isUuid } from '../../domain/uuid.ts';
import type { IdentityContext } from './context.ts';

/** What the embedded pool records in the member's company log (issue 27 item 1, decision 0030). */
export type IdentityAuditAction = Exclude<Extract<AuditAction, `user.${string}`>, 'user.rename'>;

/**
 * Records a pool event of a company member in their company's log, as its actor and target. A pool user
 * who is no member (yet, or any more) belongs to no company log: nothing is written. Failed sign-ins of an
 * unknown e-mail are not recorded either: no company could read them, and an address alone names no one.
 */
export async function auditIdentityEvent(
  ctx: IdentityContext,
  sub: string,
  action: IdentityAuditAction,
  extra: { after?: Record<string, unknown>; details?: Record<string, unknown> } = {},
): Promise<void> {
  if (!isUuid(sub)) return;
  const member = await ctx.db
    .selectFrom('users')
    .select(['company_id', 'name', 'email'])
    .where('id', '=', sub)
    .executeTakeFirst();
  if (!member?.company_id) return;
  await writeAudit(ctx.db, {
    actorUserId: sub,
    companyId: member.company_id,
    action,
    targetType: 'user',
    targetId: sub,
    targetName: member.name || member.email,
    actorProfile: { email: member.email, name: member.name },
    ...extra,
  });
}
