import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

export interface AuditEntry {
  actorUserId: string | null;
  companyId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/** Records who changed what, in the same transaction as the change itself. */
export async function writeAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      company_id: entry.companyId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
