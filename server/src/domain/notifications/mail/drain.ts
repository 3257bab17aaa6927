import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { loadCompanyContexts, recipientsOf } from './recipients.ts';

/*
 * The mail channel's intake (decision 0020): the rows migration 0010's trigger queued become items of each
 * recipient's open bundle (one per recipient and window of NOTIFY_BUNDLE_SECONDS from its first event).
 */

/** Pending rows one pass takes (a full pass: call again). */
export const DRAIN_BATCH = 5000;

interface PendingEvent {
  event_id: string;
  company_id: string;
  organization_id: string;
  category: string;
  alert_type: string;
}

/**
 * Turns queued timeline rows into bundle items. Returns the bundles this pass opened (schedule their sending
 * at `sendAfter`) and how many rows it took; call again while `events` is the batch size.
 */
export async function drainPending(
  db: Kysely<DB>,
  bundleSeconds: number,
  now = new Date(),
): Promise<{ events: number; opened: { id: string; sendAfter: Date }[] }> {
  return db.transaction().execute(async (trx) => {
    const pending = await sql<PendingEvent>`
      with taken as (
        delete from mail_pending where event_id in (
          select event_id from mail_pending order by event_id limit ${DRAIN_BATCH} for update skip locked)
        returning event_id
      )
      select t.event_id::text as event_id, i.company_id, i.organization_id, i.category, i.alert_type
      from taken t join incident_events e on e.id = t.event_id join incidents i on i.id = e.incident_id`.execute(
      trx,
    );
    if (pending.rows.length === 0) return { events: 0, opened: [] };
    const contexts = await loadCompanyContexts(
      trx,
      pending.rows.map((row) => row.company_id),
    );
    const byUser = new Map<string, string[]>();
    for (const row of pending.rows) {
      const context = contexts.get(row.company_id);
      if (!context) continue;
      for (const recipient of recipientsOf(context, {
        category: row.category,
        alertType: row.alert_type,
        organizationId: row.organization_id,
      })) {
        if (recipient.delivery !== 'immediate') continue;
        const list = byUser.get(recipient.member.id) ?? [];
        list.push(row.event_id);
        byUser.set(recipient.member.id, list);
      }
    }
    if (byUser.size === 0) return { events: pending.rows.length, opened: [] };
    const users = [...byUser.keys()];
    // The recipients' bundles still taking events, locked so their sending waits for these items.
    const open = await sql<{ id: string; user_id: string }>`
      select id, user_id from mail_bundles
      where user_id = any(${users}::uuid[]) and sent_at is null and closes_at > ${now}
      order by user_id, closes_at
      for update`.execute(trx);
    // The latest bundle of each user (ordered: the last one wins).
    const bundleOf = new Map(open.rows.map((row) => [row.user_id, row.id]));
    const missing = users.filter((user) => !bundleOf.has(user));
    const closesAt = new Date(now.getTime() + bundleSeconds * 1000);
    const opened: { id: string; sendAfter: Date }[] = [];
    if (missing.length > 0) {
      const created = await sql<{ id: string; user_id: string }>`
        insert into mail_bundles (user_id, closes_at, send_after)
        select u, ${closesAt}, ${closesAt} from unnest(${missing}::uuid[]) as u
        returning id, user_id`.execute(trx);
      for (const row of created.rows) {
        bundleOf.set(row.user_id, row.id);
        opened.push({ id: row.id, sendAfter: closesAt });
      }
    }
    const bundleIds: string[] = [];
    const eventIds: string[] = [];
    for (const [user, events] of byUser) {
      for (const event of events) {
        bundleIds.push(bundleOf.get(user) as string);
        eventIds.push(event);
      }
    }
    await sql`
      insert into mail_bundle_items (bundle_id, event_id)
      select * from unnest(${bundleIds}::uuid[], ${eventIds}::bigint[])
      on conflict do nothing`.execute(trx);
    return { events: pending.rows.length, opened };
  });
}

/** Bundles whose time came and that are not sent: the backstop's list (a process died before sending). */
export async function dueBundles(db: Kysely<DB>, now = new Date()): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_bundles')
    .select('id')
    .where('sent_at', 'is', null)
    .where('send_after', '<=', now)
    .orderBy('send_after')
    .limit(10_000)
    .execute();
  return rows.map((row) => row.id);
}
