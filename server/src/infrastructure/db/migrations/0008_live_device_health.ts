import { type Kysely, sql } from 'kysely';

/*
 * Issue 14: device state reported by the platforms (ingest) and incidents that open and close by themselves.
 *
 * - ingest_keys: a platform's keys (VORTEX = first platform, VSS = second), stored as SHA-256 of the key.
 * - ingest_receipts: every report id a key sent, so a repeated id is applied once (pruned after a day).
 * - devices.reported_at: per reported field, the `at` of the report last applied to it; an older report
 *   does not overwrite a newer one (out-of-order delivery).
 * - devices.offline_since: when the device went offline (report time); debounce_from: since when its offline
 *   condition has been waiting for an incident (the debounce); evaluate_at: when the engine must look at the
 *   device again (debounce over, mute over). muted_until: a muted device opens no incident.
 * - incidents: at most one open incident per device and condition (a unique index, so two processes can
 *   never open two); acknowledgement; affected_devices (a server outage: devices down behind it).
 * - incident_events: each incident's timeline.
 * - device_alert_conditions: the alert conditions of SPEC §4 that hold for each device now.
 */

const CAMERA = `d.device_category in ('CAMERA', 'FISH_EYE', 'PTZ')`;
const SERVER = `d.device_category = 'SERVER'`;

const STATEMENTS = [
  `create table ingest_keys (
    id uuid primary key default gen_random_uuid(),
    platform text not null check (platform in ('VORTEX', 'VSS')),
    name text not null check (length(trim(name)) between 1 and 100),
    key_hash text not null unique,
    created_at timestamptz not null default now(),
    revoked_at timestamptz
  )`,

  `create table ingest_receipts (
    key_id uuid not null references ingest_keys (id) on delete cascade,
    report_id text not null,
    received_at timestamptz not null default now(),
    primary key (key_id, report_id)
  )`,
  'create index ingest_receipts_received_idx on ingest_receipts (received_at)',

  `alter table devices
    add column reported_at jsonb not null default '{}',
    add column offline_since timestamptz,
    add column debounce_from timestamptz,
    add column evaluate_at timestamptz,
    add column muted_until timestamptz`,
  'create index devices_evaluate_idx on devices (evaluate_at) where evaluate_at is not null',

  `alter table incidents
    add column acknowledged_at timestamptz,
    add column acknowledged_by_user_id uuid references users (id) on delete set null,
    add column affected_devices integer not null default 0 check (affected_devices >= 0)`,

  // Seeded data may hold two open incidents of one condition (one per license of a device): keep the oldest.
  `update incidents i set resolved_at = greatest(i.started_at, now())
    where i.resolved_at is null and i.device_id is not null and exists (
      select 1 from incidents o
      where o.device_id = i.device_id and o.category = i.category and o.alert_type = i.alert_type
        and o.resolved_at is null and (o.started_at, o.id) < (i.started_at, i.id))`,
  `create unique index incidents_open_condition_key on incidents (device_id, category, alert_type)
    where resolved_at is null and device_id is not null`,
  'create index incidents_company_started_idx on incidents (company_id, started_at desc, id desc)',
  'create index incidents_device_started_idx on incidents (device_id, started_at desc) where device_id is not null',

  `create table incident_events (
    id bigint generated always as identity primary key,
    incident_id bigint not null references incidents (id) on delete cascade,
    at timestamptz not null,
    kind text not null check (kind in ('opened', 'resolved', 'reopened', 'acknowledged', 'muted', 'unmuted')),
    user_id uuid references users (id) on delete set null
  )`,
  'create index incident_events_incident_idx on incident_events (incident_id, at, id)',

  // The reported field (a key of devices.reported_at) behind each device alert type.
  `create function alert_reported_field(alert_type text) returns text
    language sql immutable parallel safe as $fn$
    select case alert_type
      when 'OFFLINE' then 'connected'
      when 'FIRMWARE_UPDATE_FAILED' then 'firmwareUpdatedFailed'
      when 'RECORDING_FAILED' then 'recordFailed'
      when 'SMART_ERROR' then 'smartError'
      when 'DISK_FAILED' then 'diskFailed'
      when 'SERVER_CPU_HIGH' then 'serverCPUHigh'
      when 'SERVER_MEMORY_HIGH' then 'serverMemoryHigh'
      when 'NETWORK_HIGH' then 'networkHigh'
      when 'SERVER_LOGIN_FAILED' then 'serverLoginFailed'
      when 'NETWORK_SESSION_HIGH' then 'networkSessionHigh'
    end
  $fn$`,

  // Each condition with the time it began as far as reports tell (null: before reports, e.g. seeded).
  `create view device_alert_conditions as
    select d.id as device_id, d.company_id, d.organization_id, d.site_id, c.category, c.alert_type,
      case when c.alert_type = 'OFFLINE' then d.offline_since
        else (d.reported_at ->> alert_reported_field(c.alert_type))::timestamptz end as since
    from devices d
    cross join lateral (values
      ('CAMERA', 'OFFLINE', ${CAMERA} and d.offline),
      ('CAMERA', 'FIRMWARE_UPDATE_FAILED', ${CAMERA} and d.firmware_updated_failed),
      ('CAMERA', 'RECORDING_FAILED', ${CAMERA} and d.record_failed),
      ('SERVER', 'OFFLINE', ${SERVER} and d.offline),
      ('SERVER', 'SMART_ERROR', ${SERVER} and d.smart_error),
      ('SERVER', 'DISK_FAILED', ${SERVER} and d.disk_failed),
      ('SERVER', 'SERVER_CPU_HIGH', ${SERVER} and d.server_cpu_high),
      ('SERVER', 'SERVER_MEMORY_HIGH', ${SERVER} and d.server_memory_high),
      ('SERVER', 'NETWORK_HIGH', ${SERVER} and d.network_high),
      ('CYBER', 'SERVER_LOGIN_FAILED', ${SERVER} and d.server_login_failed),
      ('CYBER', 'NETWORK_SESSION_HIGH', ${SERVER} and d.network_session_high)
    ) as c (category, alert_type, holds)
    where c.holds`,

  // What is already offline: since when (last seen online), and, without an open incident, the debounce.
  `update devices d set offline_since = coalesce(d.last_online_at, d.created_at)
    where d.offline and d.offline_since is null`,
  `update devices d set debounce_from = d.offline_since, evaluate_at = d.offline_since
    where d.offline and d.device_category is not null and not exists (
      select 1 from incidents i where i.device_id = d.id and i.alert_type = 'OFFLINE' and i.resolved_at is null)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view if exists device_alert_conditions`.execute(db);
  await sql`drop function if exists alert_reported_field`.execute(db);
  await sql`drop table if exists incident_events`.execute(db);
  await sql`drop index if exists incidents_open_condition_key`.execute(db);
  await sql`drop index if exists incidents_company_started_idx`.execute(db);
  await sql`drop index if exists incidents_device_started_idx`.execute(db);
  await sql`alter table incidents drop column if exists acknowledged_at,
    drop column if exists acknowledged_by_user_id, drop column if exists affected_devices`.execute(db);
  await sql`alter table devices drop column if exists reported_at, drop column if exists offline_since,
    drop column if exists debounce_from, drop column if exists evaluate_at,
    drop column if exists muted_until`.execute(db);
  await sql`drop table if exists ingest_receipts`.execute(db);
  await sql`drop table if exists ingest_keys`.execute(db);
}
