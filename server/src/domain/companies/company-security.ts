import type { CompanySecurity } from '@portal/contracts/reseller';
import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { badRequest, forbidden } from '../errors.ts';
import type { Caller } from '../members/caller.ts';

export async function readCompanySecurity(db: Kysely<DB>, companyId: string): Promise<CompanySecurity> {
  const row = await db
    .selectFrom('companies')
    .select('require_mfa')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return { requireMfa: row.require_mfa };
}

export const OWNER_FIRST_MESSAGE = 'Set up two-step sign-in for yourself first.';

/**
 * The owner sets the two-step policy, audited, in one transaction. Requiring it takes a second factor of the
 * owner's own first (as GitHub asks of an organization owner): otherwise the switch would lock its owner out.
 */
export async function updateCompanySecurity(
  db: Kysely<DB>,
  caller: Caller,
  next: CompanySecurity,
  ownerHasFactor: () => Promise<boolean>,
): Promise<CompanySecurity> {
  if (next.requireMfa && !(await ownerHasFactor())) throw badRequest(OWNER_FIRST_MESSAGE);
  return db.transaction().execute(async (trx) => {
    const company = await trx
      .selectFrom('companies')
      .select(['owner_user_id', 'require_mfa'])
      .where('id', '=', caller.companyId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (company.owner_user_id !== caller.userId) throw forbidden('Only the company owner can do this.');
    if (company.require_mfa === next.requireMfa) return next;
    await trx
      .updateTable('companies')
      .set({ require_mfa: next.requireMfa })
      .where('id', '=', caller.companyId)
      .execute();
    await writeAudit(trx, {
      actorUserId: caller.userId,
      companyId: caller.companyId,
      action: 'company.security.update',
      targetType: 'company',
      targetId: caller.companyId,
      before: { requireMfa: company.require_mfa },
      after: { requireMfa: next.requireMfa },
      details: { requireMfa: next.requireMfa },
    });
    return next;
  });
}
