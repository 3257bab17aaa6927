import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { type AuditEntry, writeAudit } from '../audit/audit-log.ts';
import { forbidden } from '../errors.ts';
import type { Caller } from '../members/caller.ts';

/** The company row as the owner's change finds it, locked. */
export interface LockedCompany {
  name: string;
  require_mfa: boolean;
}

/** What an owner's change writes to the audit log; the actor and the company are the caller's. */
export type OwnerAudit = Omit<AuditEntry, 'actorUserId' | 'companyId'>;

/**
 * A change only the company's owner may make (SPEC §4: rename, security policy, members, ownership), in one
 * transaction: the company row locked while the caller still owns it (403 otherwise: a transfer committed
 * meanwhile wins), the change, then its audit entry by the caller; `null` when nothing changed and nothing is
 * audited. Owner changes of one company are serialized on its row.
 */
export async function changeAsOwner(
  db: Kysely<DB>,
  caller: Caller,
  change: (trx: Transaction<DB>, company: LockedCompany) => Promise<OwnerAudit | null>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const company = await trx
      .selectFrom('companies')
      .select(['owner_user_id', 'name', 'require_mfa'])
      .where('id', '=', caller.companyId)
      .forUpdate()
      .executeTakeFirst();
    if (company?.owner_user_id !== caller.userId) throw forbidden('Only the company owner can do this.');
    const audit = await change(trx, company);
    if (audit) await writeAudit(trx, { actorUserId: caller.userId, companyId: caller.companyId, ...audit });
  });
}
