import type { AuditAction } from '@portal/contracts/audit';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { currentAuditSource } from './audit-source.ts';
import { resolveTargetName } from './target-names.ts';

/**
 * Who did it, when not a signed-in member (`actorUserId`): the company itself (a job, the portal on its
 * behalf), a customer's contact answering a remote-access link, or one of the company's API keys.
 */
export type AuditActor =
  | { type: 'company' }
  | { type: 'contact'; email: string; name?: string | null }
  | { type: 'api-key'; id: string; name: string };

export interface AuditEntry {
  /** The member who did it; null with no `actor`: the company itself. */
  actorUserId: string | null;
  /** Overrides `actorUserId` for the actors that are not members. */
  actor?: AuditActor;
  /** The member's e-mail and name when the caller has them at hand (else they are read by `actorUserId`). */
  actorProfile?: { email: string; name: string };
  companyId: string | null;
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  /** Copied into the row so it still reads after the target is gone; looked up by type when omitted. */
  targetName?: string | null;
  /** The customer the change concerns; defaults to the target when the target is an organization. */
  organizationId?: string | null;
  /** For edits: the changed fields' values before and after. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  details?: Record<string, unknown>;
  /** Where it came from, when that is not the current request (written later, e.g. an API key's new address). */
  source?: { address: string | null; userAgent: string | null };
}

interface ActorColumns {
  actor_type: 'user' | 'company' | 'contact' | 'api-key';
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
}

async function actorColumns(db: Kysely<DB>, entry: AuditEntry): Promise<ActorColumns> {
  const { actor } = entry;
  if (actor?.type === 'api-key') {
    return { actor_type: 'api-key', actor_id: actor.id, actor_email: null, actor_name: actor.name };
  }
  if (actor?.type === 'contact') {
    return {
      actor_type: 'contact',
      actor_id: null,
      actor_email: actor.email,
      actor_name: actor.name ?? null,
    };
  }
  if (!entry.actorUserId) {
    return { actor_type: 'company', actor_id: entry.companyId, actor_email: null, actor_name: null };
  }
  const user =
    entry.actorProfile ??
    (await db
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', entry.actorUserId)
      .executeTakeFirst());
  return {
    actor_type: 'user',
    actor_id: entry.actorUserId,
    actor_email: user?.email ?? null,
    actor_name: user?.name ?? null,
  };
}

const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);

/**
 * Records who changed what, in the same transaction as the change itself, with where the request came
 * from (audit-source.ts). The row can never be changed afterwards (migration 0017).
 */
export async function writeAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
  const targetId = entry.targetId ?? null;
  // The company itself acts from no client: a request that happened to notice (an expiry) is not its source.
  const { address, userAgent } =
    entry.source ??
    (!entry.actor && !entry.actorUserId ? { address: null, userAgent: null } : currentAuditSource());
  const targetName =
    entry.targetName !== undefined
      ? entry.targetName
      : await resolveTargetName(db, entry.targetType, targetId);
  const organizationId =
    entry.organizationId !== undefined
      ? entry.organizationId
      : entry.targetType === 'organization'
        ? targetId
        : null;
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actor ? null : entry.actorUserId,
      ...(await actorColumns(db, entry)),
      company_id: entry.companyId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: targetId,
      target_name: targetName,
      organization_id: organizationId,
      address,
      user_agent: userAgent,
      before: json(entry.before),
      after: json(entry.after),
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
