import { NOTIFICATIONS_PREFIX } from '@portal/contracts/notifications';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import type { IncidentMailLine, IncidentMailPayload, IncidentMailState } from './mail-template.ts';
import {
  type CompanyContext,
  deliveryFor,
  type IncidentRow,
  loadCompanyContexts,
  localClock,
  openIncidentsQuery,
  quietUntil,
  recipientsOf,
  subscriptionOf,
  wantsDigest,
  zoneOf,
} from './recipients.ts';
import { issueUnsubscribeToken } from './unsubscribe-token.ts';

/*
 * Incident mail, from the timeline rows the engine inserts to the SMTP server (decision 0020):
 * 1. drainPending: the rows migration 0010's trigger queued become items of each recipient's open bundle
 *    (one per recipient and window of NOTIFY_BUNDLE_SECONDS from its first event), in one transaction;
 * 2. sendBundle: when the window closed (and the recipient's quiet hours ended), one mail; a failure throws
 *    and the job queue retries; the bundle is marked sent in the transaction that mailed it;
 * 3. sendReminders / sendDigests: periodic, each recorded so it goes once.
 */

export interface MailDeps {
  mailer: Mailer;
  /** PUBLIC_URL without a trailing slash. */
  portalUrl: string;
}

const DRAIN_BATCH = 5000;

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

export async function unsubscribeUrl(db: Kysely<DB>, portalUrl: string, userId: string): Promise<string> {
  const token = await issueUnsubscribeToken(db, userId);
  return `${portalUrl}${NOTIFICATIONS_PREFIX}/v1/unsubscribe?token=${token}`;
}

async function mail(
  db: Kysely<DB>,
  deps: MailDeps,
  to: { id: string; email: string; locale: string },
  template: 'incident-bundle' | 'incident-reminder' | 'incident-digest',
  payload: Omit<IncidentMailPayload, 'portalUrl' | 'unsubscribeUrl'>,
): Promise<void> {
  const url = await unsubscribeUrl(db, deps.portalUrl, to.id);
  const full: IncidentMailPayload = { ...payload, portalUrl: deps.portalUrl, unsubscribeUrl: url };
  await deps.mailer.send(
    {
      to: to.email,
      locale: to.locale,
      template,
      params: { payload: JSON.stringify(full) },
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
    { db },
  );
}

export type BundleOutcome =
  | { outcome: 'sent'; incidents: number }
  | { outcome: 'deferred'; until: Date }
  | { outcome: 'skipped' };

/** Mails one bundle (or defers it to the end of the recipient's quiet hours). Throws when mailing fails. */
export async function sendBundle(
  db: Kysely<DB>,
  deps: MailDeps,
  bundleId: string,
  now = new Date(),
): Promise<BundleOutcome> {
  return db.transaction().execute(async (trx) => {
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
    const markSent = () =>
      trx.updateTable('mail_bundles').set({ sent_at: now }).where('id', '=', bundleId).execute();
    if (!context || !subscription || subscription.delivery === 'off') {
      await markSent();
      return { outcome: 'skipped' };
    }
    const until = quietUntil(subscription.quietHours, zoneOf(context, row.user_id), now);
    if (until) {
      await trx.updateTable('mail_bundles').set({ send_after: until }).where('id', '=', bundleId).execute();
      return { outcome: 'deferred', until };
    }
    const items = await sql<{
      id: string;
      kind: string;
      category: string;
      alert_type: string;
      started_at: Date;
      device_name: string | null;
      organization_name: string;
      site_name: string | null;
    }>`
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
    if (items.rows.length > 0) {
      const incidents: IncidentMailLine[] = items.rows
        .map((item) => ({
          id: item.id,
          device: item.device_name,
          customer: item.organization_name,
          site: item.site_name,
          category: item.category,
          type: item.alert_type,
          since: new Date(item.started_at).toISOString(),
          state: (item.kind === 'resolved' ? 'recovered' : item.kind) as IncidentMailState,
        }))
        .sort((a, b) => a.since.localeCompare(b.since) || Number(a.id) - Number(b.id));
      await mail(trx, deps, { id: row.user_id, email: row.email, locale: row.locale }, 'incident-bundle', {
        timeZone: zoneOf(context, row.user_id),
        incidents,
      });
    }
    await markSent();
    return { outcome: 'sent', incidents: items.rows.length };
  });
}

const toLine = (row: {
  id: string;
  category: string;
  alert_type: string;
  started_at: Date;
  device_name: string | null;
  organization_name: string;
  site_name: string | null;
}): IncidentMailLine => ({
  id: row.id,
  device: row.device_name,
  customer: row.organization_name,
  site: row.site_name,
  category: row.category,
  type: row.alert_type,
  since: new Date(row.started_at).toISOString(),
  state: 'open',
});

/**
 * Reminders of incidents still open `minutes` after the recipient was told they opened, once each
 * (mail_reminders_sent), for recipients with reminders on; one mail per recipient and threshold. A recipient
 * in quiet hours is skipped this pass and reminded when they end.
 */
export async function sendReminders(
  db: Kysely<DB>,
  deps: MailDeps,
  reminderMinutes: readonly number[],
  now = new Date(),
): Promise<{ mails: number; reminders: number }> {
  if (reminderMinutes.length === 0) return { mails: 0, reminders: 0 };
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
  if (due.rows.length === 0) return { mails: 0, reminders: 0 };
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
  let mails = 0;
  let reminders = 0;
  for (const group of groups.values()) {
    const context = contexts.get(group.companyId);
    const member = context?.members.get(group.userId);
    if (!context || !member) continue;
    const subscription = subscriptionOf(context, member.id);
    if (quietUntil(subscription.quietHours, zoneOf(context, member.id), now)) continue;
    await db.transaction().execute(async (trx) => {
      const rows = await sql<IncidentRow>`
        select i.id::text as id, i.category, i.alert_type, i.organization_id, i.started_at,
          d.name as device_name, o.name as organization_name, s.name as site_name
        from incidents i
        join organizations o on o.id = i.organization_id
        left join devices d on d.id = i.device_id
        left join sites s on s.id = i.site_id
        where i.id = any(${group.incidents}::bigint[]) and i.resolved_at is null
        order by i.started_at, i.id`.execute(trx);
      const wanted = rows.rows.filter(
        (row) =>
          deliveryFor(context, member.id, {
            category: row.category,
            alertType: row.alert_type,
            organizationId: row.organization_id,
          })?.reminders === true,
      );
      // Recorded either way: a reminder not wanted now is not owed later.
      const claimed = await sql<{ incident_id: string }>`
        insert into mail_reminders_sent (incident_id, user_id, after_minutes)
        select i, ${member.id}, ${group.after} from unnest(${group.incidents}::bigint[]) as i
        on conflict do nothing returning incident_id::text`.execute(trx);
      const claimedIds = new Set(claimed.rows.map((row) => row.incident_id));
      const lines = wanted.filter((row) => claimedIds.has(row.id)).map(toLine);
      if (lines.length === 0) return;
      await mail(trx, deps, member, 'incident-reminder', {
        timeZone: zoneOf(context, member.id),
        incidents: lines,
        afterMinutes: group.after,
      });
      mails += 1;
      reminders += lines.length;
    });
  }
  return { mails, reminders };
}

/** Companies where someone may want a digest: a subscription or a rule says digest. */
async function digestCompanies(db: Kysely<DB>): Promise<string[]> {
  const rows = await sql<{ company_id: string }>`
    select u.company_id from mail_subscriptions s join users u on u.id = s.user_id where s.delivery = 'digest'
    union
    select company_id from notification_rules where delivery = 'digest'`.execute(db);
  return rows.rows.map((row) => row.company_id);
}

/**
 * The daily digest (open incidents, licenses expiring within 30 days) for every member whose delivery is
 * digest, once per local day, from their digest hour in their own time zone (else the company's) on.
 */
export async function sendDigests(
  db: Kysely<DB>,
  deps: MailDeps,
  now = new Date(),
): Promise<{ mails: number }> {
  const contexts = await loadCompanyContexts(db, await digestCompanies(db));
  let mails = 0;
  for (const context of contexts.values()) {
    // Each member's own day and hour: members in other zones get theirs at their own digest hour.
    const due = [...context.members.values()]
      .map((member) => ({ member, clock: localClock(now, zoneOf(context, member.id)) }))
      .filter(
        ({ member, clock }) =>
          wantsDigest(context, member.id) && clock.hour >= subscriptionOf(context, member.id).digestHour,
      );
    if (due.length === 0) continue;
    const open = (await openIncidentsQuery(db, context.companyId)).rows;
    const licensesOn = new Map<string, ExpiringLicense[]>();
    for (const { member, clock } of due) {
      let licenses = licensesOn.get(clock.date);
      if (!licenses) {
        licenses = await licensesExpiringWithin30Days(db, context.companyId, clock.date);
        licensesOn.set(clock.date, licenses);
      }
      if (await sendDigest(db, deps, context, member, clock.date, open, licenses)) mails += 1;
    }
  }
  return { mails };
}

interface ExpiringLicense {
  organization_id: string;
  customer: string;
  type: string;
  expires: string;
  count: string;
}

/** The company's licenses expiring from `day` to 30 days after it, by customer, type and date. */
async function licensesExpiringWithin30Days(
  db: Kysely<DB>,
  companyId: string,
  day: string,
): Promise<ExpiringLicense[]> {
  const { rows } = await sql<ExpiringLicense>`
    select o.id as organization_id, o.name as customer, l.type, to_char(l.expiration_date, 'YYYY-MM-DD') as expires,
      count(*)::text as count
    from licenses l join organizations o on o.id = l.organization_id
    where o.company_id = ${companyId}
      and l.expiration_date >= ${day}::date and l.expiration_date <= ${day}::date + 30
    group by o.id, o.name, l.type, l.expiration_date
    order by l.expiration_date, o.name, l.type`.execute(db);
  return rows;
}

async function sendDigest(
  db: Kysely<DB>,
  deps: MailDeps,
  context: CompanyContext,
  member: { id: string; email: string; locale: string },
  day: string,
  open: IncidentRow[],
  licenses: ExpiringLicense[],
): Promise<boolean> {
  const subscription = subscriptionOf(context, member.id);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('mail_digests_sent')
      .values({ user_id: member.id, day })
      .onConflict((oc) => oc.doNothing())
      .returning('day')
      .executeTakeFirst();
    if (!claimed) return false;
    const incidents = open
      .filter((row) =>
        deliveryFor(context, member.id, {
          category: row.category,
          alertType: row.alert_type,
          organizationId: row.organization_id,
        }),
      )
      .map(toLine);
    const mine = licenses.filter(
      (l) =>
        subscription.organizationIds === null || subscription.organizationIds.includes(l.organization_id),
    );
    await mail(trx, deps, member, 'incident-digest', {
      timeZone: zoneOf(context, member.id),
      incidents,
      licenses: mine.map((l) => ({
        customer: l.customer,
        type: l.type,
        expires: l.expires,
        count: Number(l.count),
      })),
    });
    return true;
  });
}

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
