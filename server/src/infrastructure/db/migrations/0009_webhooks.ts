import { type Kysely, sql } from 'kysely';

/*
 * Issue 15: partner webhooks (decision 0019).
 *
 * - webhooks: a dealer company's endpoints. The signing secret is stored encrypted (AES-256-GCM with a key
 *   the server generates on first start, see domain/notifications/webhooks/secrets.ts); after a rotation the
 *   previous one keeps signing until previous_secret_expires_at.
 * - webhook_pending_events: incident timeline rows (opened, reopened, resolved) of companies with an enabled
 *   webhook, put there by a trigger in the transaction that wrote the timeline row, so nothing that committed
 *   is lost before the fan-out turns it into messages.
 * - webhook_messages: one message per webhook and event (its id is the `webhook-id` header, the same on
 *   every attempt), the body rendered once, and when it is due: this table is the delivery queue (claimed
 *   with SKIP LOCKED, a claim pushes next_attempt_at past the attempt's timeout so a killed process's claim
 *   runs out by itself).
 * - webhook_attempts: every attempt, the deliveries log.
 */

/**
 * What the capture trigger does: the inserted timeline rows a webhook may deliver. Migration 0011 replaces
 * the function with this and a NOTIFY (and puts this back on the way down).
 */
export const CAPTURE_PENDING_EVENTS = `insert into webhook_pending_events (event_id)
      select e.id from inserted e join incidents i on i.id = e.incident_id
      where e.kind in ('opened', 'reopened', 'resolved')
        and exists (select 1 from webhooks w where w.company_id = i.company_id and w.enabled);`;

const STATEMENTS = [
  `create table webhooks (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    name text not null check (length(trim(name)) between 1 and 64),
    url text not null check (url ~ '^https?://'),
    events text[] not null default '{}',
    template text,
    enabled boolean not null default true,
    disabled_reason text,
    secret_sealed text not null,
    previous_secret_sealed text,
    previous_secret_expires_at timestamptz,
    consecutive_failures integer not null default 0 check (consecutive_failures >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index webhooks_company_idx on webhooks (company_id, created_at, id)',

  `create table webhook_pending_events (
    event_id bigint primary key references incident_events (id) on delete cascade,
    created_at timestamptz not null default now()
  )`,

  `create table webhook_messages (
    id uuid primary key default gen_random_uuid(),
    webhook_id uuid not null references webhooks (id) on delete cascade,
    event text not null check (event in ('incident.opened', 'incident.resolved', 'webhook.test')),
    incident_event_id bigint references incident_events (id) on delete set null,
    body text not null,
    status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
    attempts integer not null default 0,
    event_at timestamptz not null,
    first_attempt_at timestamptz,
    next_attempt_at timestamptz not null default now(),
    delivered_at timestamptz,
    created_at timestamptz not null default now(),
    unique (webhook_id, incident_event_id)
  )`,
  // Each webhook's due messages, oldest first: the claim takes a few of every webhook (fairness).
  `create index webhook_messages_due_idx on webhook_messages (webhook_id, next_attempt_at) where status = 'pending'`,

  `create table webhook_attempts (
    id bigint generated always as identity primary key,
    message_id uuid not null references webhook_messages (id) on delete cascade,
    webhook_id uuid not null references webhooks (id) on delete cascade,
    attempt integer not null check (attempt >= 1),
    response_status integer,
    duration_ms integer not null check (duration_ms >= 0),
    error text,
    at timestamptz not null default now()
  )`,
  'create index webhook_attempts_webhook_idx on webhook_attempts (webhook_id, id desc)',

  // One statement of the engine may write thousands of timeline rows: a statement trigger reads them at once.
  `create function webhook_pending_incident_events() returns trigger language plpgsql as $fn$
  begin
    ${CAPTURE_PENDING_EVENTS}
    return null;
  end
  $fn$`,
  `create trigger incident_events_webhooks after insert on incident_events
    referencing new table as inserted for each statement execute function webhook_pending_incident_events()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists incident_events_webhooks on incident_events`.execute(db);
  await sql`drop function if exists webhook_pending_incident_events`.execute(db);
  await sql`drop table if exists webhook_attempts`.execute(db);
  await sql`drop table if exists webhook_messages`.execute(db);
  await sql`drop table if exists webhook_pending_events`.execute(db);
  await sql`drop table if exists webhooks`.execute(db);
}
