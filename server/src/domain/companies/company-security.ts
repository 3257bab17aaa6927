import type { CompanySecurity } from '@portal/contracts/reseller';
import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { badRequest } from '../errors.ts';
import type { Caller } from '../members/caller.ts';
import { changeAsOwner } from './owner-change.ts';

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
  await changeAsOwner(db, caller, async (trx, company) => {
    if (company.require_mfa === next.requireMfa) return null;
    await trx
      .updateTable('companies')
      .set({ require_mfa: next.requireMfa })
      .where('id', '=', caller.companyId)
      .execute();
    return {
      action: 'company.security.update',
      targetType: 'company',
      targetId: caller.companyId,
      before: { requireMfa: company.require_mfa },
      after: { requireMfa: next.requireMfa },
      details: { requireMfa: next.requireMfa },
    };
  });
  return next;
}
