import { type Kysely, sql } from 'kysely';

/*
 * Issue 15, e-mail notifications (decision 0020).
 *
 * - companies.time_zone: IANA zone in which digests and quiet hours are read.
 * - notification_rules: the company's rules (owner): which incidents go to whom, how. None: the default rule.
 * - mail_subscriptions: each member's own narrowing and timing; no row: the defaults.
 * - mail_pending: incident timeline rows (opened / reopened / resolved) not yet turned into mail work. A
 *   statement trigger fills it in the transaction that inserts the events, so nothing is lost when a process
 *   dies; the drain job empties it (rows, not a "last id" cursor: identity ids may commit out of order).
 *   A transaction that sets `portal.mail_notifications = 'off'` (the demo seed's history) adds nothing.
 * - mail_bundles / mail_bundle_items: one recipient's mail of the events within the bundle window.
 * - mail_reminders_sent, mail_digests_sent: what went, so each reminder and each day's digest goes once.
 */

const STATEMENTS = [
  `alter table companies add column time_zone text not null default 'UTC'
    check (length(time_zone) between 1 and 64)`,

  `create table notification_rules (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    name text not null check (length(name) between 1 and 64),
    events text[] not null default '{}',
    organization_ids uuid[],
    recipient_kind text not null check (recipient_kind in ('owner', 'members', 'users')),
    recipient_user_ids uuid[] not null default '{}',
    delivery text not null check (delivery in ('immediate', 'digest', 'off')),
    reminders boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index notification_rules_company_idx on notification_rules (company_id, created_at)',

  `create table mail_subscriptions (
    user_id uuid primary key references users (id) on delete cascade,
    delivery text not null check (delivery in ('immediate', 'digest', 'off')),
    events text[] not null default '{}',
    organization_ids uuid[],
    reminders boolean not null default true,
    quiet_from text check (quiet_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    quiet_to text check (quiet_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    digest_hour smallint not null default 8 check (digest_hour between 0 and 23),
    updated_at timestamptz not null default now()
  )`,

  `create table mail_pending (
    event_id bigint primary key references incident_events (id) on delete cascade,
    created_at timestamptz not null default now()
  )`,
  `create function mail_pending_enqueue() returns trigger language plpgsql as $fn$
  begin
    if coalesce(current_setting('portal.mail_notifications', true), '') <> 'off' then
      insert into mail_pending (event_id)
        select id from inserted where kind in ('opened', 'reopened', 'resolved');
      if found then
        perform pg_notify('mail_pending', '');
      end if;
    end if;
    return null;
  end
  $fn$`,
  `create trigger incident_events_mail after insert on incident_events
    referencing new table as inserted for each statement execute function mail_pending_enqueue()`,

  `create table mail_bundles (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    closes_at timestamptz not null,
    send_after timestamptz not null,
    sent_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  'create index mail_bundles_open_idx on mail_bundles (user_id, closes_at) where sent_at is null',
  'create index mail_bundles_due_idx on mail_bundles (send_after) where sent_at is null',
  `create table mail_bundle_items (
    bundle_id uuid not null references mail_bundles (id) on delete cascade,
    event_id bigint not null references incident_events (id) on delete cascade,
    primary key (bundle_id, event_id)
  )`,
  'create index mail_bundle_items_event_idx on mail_bundle_items (event_id)',

  `create table mail_reminders_sent (
    incident_id bigint not null references incidents (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    after_minutes integer not null,
    sent_at timestamptz not null default now(),
    primary key (incident_id, user_id, after_minutes)
  )`,

  `create table mail_digests_sent (
    user_id uuid not null references users (id) on delete cascade,
    day date not null,
    sent_at timestamptz not null default now(),
    primary key (user_id, day)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mail_digests_sent',
    'mail_reminders_sent',
    'mail_bundle_items',
    'mail_bundles',
    'mail_pending',
    'mail_subscriptions',
    'notification_rules',
  ])
    await sql.raw(`drop table if exists ${table}`).execute(db);
  await sql`drop trigger if exists incident_events_mail on incident_events`.execute(db);
  await sql`drop function if exists mail_pending_enqueue`.execute(db);
  await sql`alter table companies drop column if exists time_zone`.execute(db);
}
