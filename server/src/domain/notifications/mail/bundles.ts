import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { type IncidentLineRow, type IncidentMail, toLine } from './incident-mail.ts';
import type { IncidentMailState } from './mail-template.ts';
import { loadCompanyContexts, quietUntil, subscriptionOf, zoneOf } from './recipients.ts';

/** What a bundle's job does now: nothing, wait until `until`, or mail it (`mail` null: no incident left). */
export type BundleStep =
  | { outcome: 'skipped' }
  | { outcome: 'deferred'; until: Date }
  | { outcome: 'due'; mail: IncidentMail | null; incidents: number };

/**
 * The bundle's step (decision 0020), in the job's transaction: locks the bundle (a drain adding to it waits,
 * and so does this), re-reads the subscription (off now: marked sent, nothing mailed), defers to the end of
 * the recipient's quiet hours, or answers the mail. The job sends it, then `markBundleSent` in the same
 * transaction: a failed send rolls the lock and the mark back, and pg-boss retries.
 */
export async function bundleStep(trx: Kysely<DB>, bundleId: string, now: Date): Promise<BundleStep> {
  const bundle = await sql<{
    user_id: string;
    sent_at: Date | null;
    send_after: Date;
    email: string;
    locale: string;
    company_id: string;
  }>`
    select b.user_id, b.sent_at, b.send_after, u.email, u.locale, u.company_id
    from mail_bundles b join users u on u.id = b.user_id
    where b.id = ${bundleId} for update of b skip locked`.execute(trx);
  const row = bundle.rows[0];
  if (!row || row.sent_at) return { outcome: 'skipped' };
  if (new Date(row.send_after) > now) return { outcome: 'deferred', until: new Date(row.send_after) };
  const context = (await loadCompanyContexts(trx, [row.company_id])).get(row.company_id);
  const subscription = context ? subscriptionOf(context, row.user_id) : undefined;
  if (!context || !subscription || subscription.delivery === 'off') {
    await markBundleSent(trx, bundleId, now);
    return { outcome: 'skipped' };
  }
  const until = quietUntil(subscription.quietHours, zoneOf(context, row.user_id), now);
  if (until) {
    await trx.updateTable('mail_bundles').set({ send_after: until }).where('id', '=', bundleId).execute();
    return { outcome: 'deferred', until };
  }
  const items = await sql<IncidentLineRow & { kind: string }>`
    select distinct on (i.id) i.id::text as id, e.kind, i.category, i.alert_type, i.started_at,
      d.name as device_name, o.name as organization_name, s.name as site_name
    from mail_bundle_items bi
    join incident_events e on e.id = bi.event_id
    join incidents i on i.id = e.incident_id
    join organizations o on o.id = i.organization_id
    left join devices d on d.id = i.device_id
    left join sites s on s.id = i.site_id
    where bi.bundle_id = ${bundleId}
    order by i.id, e.at desc, e.id desc`.execute(trx);
  if (items.rows.length === 0) return { outcome: 'due', mail: null, incidents: 0 };
  const incidents = items.rows
    .map((item) => toLine(item, (item.kind === 'resolved' ? 'recovered' : item.kind) as IncidentMailState))
    .sort((a, b) => a.since.localeCompare(b.since) || Number(a.id) - Number(b.id));
  return {
    outcome: 'due',
    mail: {
      to: { id: row.user_id, email: row.email, locale: row.locale },
      template: 'incident-bundle',
      payload: { timeZone: zoneOf(context, row.user_id), incidents },
    },
    incidents: items.rows.length,
  };
}

export async function markBundleSent(trx: Kysely<DB>, bundleId: string, now: Date): Promise<void> {
  await trx.updateTable('mail_bundles').set({ sent_at: now }).where('id', '=', bundleId).execute();
}
