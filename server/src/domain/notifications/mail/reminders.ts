import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { type IncidentMail, toLine } from './incident-mail.ts';
import {
  type CompanyContext,
  deliveryFor,
  loadCompanyContexts,
  type Member,
  openIncidentsAmong,
  quietUntil,
  subscriptionOf,
  zoneOf,
} from './recipients.ts';

/** The incidents one recipient is to be reminded of at one threshold. */
export interface ReminderGroup {
  context: CompanyContext;
  member: Member;
  afterMinutes: number;
  incidents: string[];
}

/**
 * Reminders due (decision 0020): incidents still open `minutes` after the recipient was told they opened (a
 * sent bundle item) and not yet reminded at that threshold, one group per recipient and threshold. A
 * recipient in quiet hours is left out this pass and reminded when they end.
 */
export async function dueReminders(
  db: Kysely<DB>,
  reminderMinutes: readonly number[],
  now: Date,
): Promise<ReminderGroup[]> {
  if (reminderMinutes.length === 0) return [];
  const due = await sql<{ user_id: string; incident_id: string; after_minutes: number; company_id: string }>`
    select distinct b.user_id, i.id::text as incident_id, m.after_minutes, i.company_id
    from incidents i
    join incident_events e on e.incident_id = i.id and e.kind in ('opened', 'reopened')
    join mail_bundle_items bi on bi.event_id = e.id
    join mail_bundles b on b.id = bi.bundle_id and b.sent_at is not null
    cross join unnest(${[...reminderMinutes]}::int[]) as m (after_minutes)
    where i.resolved_at is null
      and e.at + make_interval(mins => m.after_minutes) <= ${now}
      and not exists (
        select 1 from mail_reminders_sent r
        where r.incident_id = i.id and r.user_id = b.user_id and r.after_minutes = m.after_minutes)
    order by b.user_id, m.after_minutes`.execute(db);
  if (due.rows.length === 0) return [];
  const contexts = await loadCompanyContexts(
    db,
    due.rows.map((row) => row.company_id),
  );
  const groups = new Map<string, { userId: string; companyId: string; after: number; incidents: string[] }>();
  for (const row of due.rows) {
    const key = `${row.user_id}/${row.after_minutes}`;
    const group = groups.get(key) ?? {
      userId: row.user_id,
      companyId: row.company_id,
      after: row.after_minutes,
      incidents: [],
    };
    group.incidents.push(row.incident_id);
    groups.set(key, group);
  }
  const result: ReminderGroup[] = [];
  for (const group of groups.values()) {
    const context = contexts.get(group.companyId);
    const member = context?.members.get(group.userId);
    if (!context || !member) continue;
    const subscription = subscriptionOf(context, member.id);
    if (quietUntil(subscription.quietHours, zoneOf(context, member.id), now)) continue;
    result.push({ context, member, afterMinutes: group.after, incidents: group.incidents });
  }
  return result;
}

/**
 * In the job's transaction: records the group's reminders as sent (either way: a reminder not wanted now is
 * not owed later) and answers the mail of those still open, wanted and not claimed by another process.
 */
export async function claimReminder(trx: Kysely<DB>, group: ReminderGroup): Promise<IncidentMail | null> {
  const { context, member } = group;
  const rows = await openIncidentsAmong(trx, group.incidents);
  const wanted = rows.rows.filter(
    (row) =>
      deliveryFor(context, member.id, {
        category: row.category,
        alertType: row.alert_type,
        organizationId: row.organization_id,
      })?.reminders === true,
  );
  const claimed = await sql<{ incident_id: string }>`
    insert into mail_reminders_sent (incident_id, user_id, after_minutes)
    select i, ${member.id}, ${group.afterMinutes} from unnest(${group.incidents}::bigint[]) as i
    on conflict do nothing returning incident_id::text`.execute(trx);
  const claimedIds = new Set(claimed.rows.map((row) => row.incident_id));
  const lines = wanted.filter((row) => claimedIds.has(row.id)).map((row) => toLine(row));
  if (lines.length === 0) return null;
  return {
    to: member,
    template: 'incident-reminder',
    payload: { timeZone: zoneOf(context, member.id), incidents: lines, afterMinutes: group.afterMinutes },
  };
}
