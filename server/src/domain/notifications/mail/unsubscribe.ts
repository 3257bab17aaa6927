import type { Kysely } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { writeAudit } from '../../audit/audit-log.ts';

/** Unsubscribe: the member's own subscription goes to delivery 'off' (their other choices are kept). */
export async function unsubscribe(db: Kysely<DB>, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return false;
    await trx
      .insertInto('mail_subscriptions')
      .values({ user_id: userId, delivery: 'off' })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ delivery: 'off', updated_at: new Date() }))
      .execute();
    await writeAudit(trx, {
      actorUserId: userId,
      companyId: user.company_id,
      action: 'notifications.subscription.unsubscribe',
      targetType: 'user',
      targetId: userId,
      details: { via: 'unsubscribe link' },
    });
    return true;
  });
}
