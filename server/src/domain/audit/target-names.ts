import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { isUuid } from '../uuid.ts';

/** Where a target's name lives, by target type; ids are uuids in every one of these tables. */
const NAME_SOURCES = {
  company: 'companies',
  user: 'users',
  organization: 'organizations',
  webhook: 'webhooks',
  notification_rule: 'notification_rules',
} as const;

/**
 * The target's name at the time of the change, copied into the entry so it still reads after a rename or
 * deletion. Null when the type keeps no name or the row is already gone (a caller that deletes first passes
 * the name itself).
 */
export async function resolveTargetName(
  db: Kysely<DB>,
  targetType: string,
  targetId: string | null,
): Promise<string | null> {
  if (!targetId) return null;
  if (targetType === 'service') {
    const device = await db
      .selectFrom('devices')
      .select('name')
      .where('id', '=', targetId)
      .executeTakeFirst();
    return device?.name ?? null;
  }
  const table = NAME_SOURCES[targetType as keyof typeof NAME_SOURCES];
  if (!table || !isUuid(targetId)) return null;
  const row = await db.selectFrom(table).select('name').where('id', '=', targetId).executeTakeFirst();
  return row?.name ?? null;
}
