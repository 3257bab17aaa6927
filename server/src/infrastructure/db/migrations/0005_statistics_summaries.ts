import { type Kysely, sql } from 'kysely';

/*
 * Summary rows for the dealer dashboard (issue 6), kept true by triggers in the same transaction as every
 * write to devices, licenses and incidents, whoever writes (the demo seeder, tests, a future API):
 *
 * - devices.license_count: how many licenses point at the device. A license write adds its delta, so
 *   "unlicensed" is a property of the device row itself and the device summary never has to look at
 *   licenses (the old anti-join was the dashboard's slowest part).
 * - device_summary (organization, platform): every device number of SPEC §3 (the predicates of
 *   server/src/statistics/predicates.ts, written out below).
 * - license_summary (organization, type, retention): licenses, expired and expiring within 30/60/90 days,
 *   relative to license_summary_day.as_of. Expiry is relative to a day, so the row counts hold for that day
 *   only: the first statistics call of a new day recomputes them (license_summary_refresh) under an
 *   exclusive lock on the day row, which every license write holds in share mode.
 * - incident_summary (company, category, alert type): open incidents.
 *
 * Triggers run once per statement over the transition tables (a 5,000-row batch costs one aggregate) and
 * add deltas with `insert … on conflict do update set n = n + excluded.n`: atomic under READ COMMITTED,
 * a serialization failure (not a wrong number) under REPEATABLE READ. Deltas of rows whose organization or
 * company is gone (cascading deletes) are dropped; the summary rows themselves go by foreign key, and with
 * TRUNCATE … CASCADE of the parent tables.
 *
 * The predicates are literals on purpose: a migration keeps producing the same schema. Changing what a
 * number counts takes a new migration that replaces the trigger functions and rebuilds the summaries.
 */

const CAMERA = `r.device_category in ('CAMERA', 'FISH_EYE', 'PTZ')`;
const SERVER = `r.device_category = 'SERVER'`;
const SPEAKER = `r.device_type = 'IP_SPEAKER'`;
const SERVER_FLAGS = `r.smart_error or r.disk_failed or r.server_cpu_high or r.server_memory_high
  or r.server_login_failed or r.network_high or r.network_session_high`;
const LICENSABLE = `r.platform = 'first' and (${CAMERA} or ${SPEAKER})`;

/** Each device_summary column and the devices `r` it counts. */
const DEVICE_COLUMNS: [column: string, predicate: string][] = [
  ['total', 'true'],
  ['offline', 'r.offline'],
  ['abnormal', `r.offline or r.record_failed or r.firmware_updated_failed or ${SERVER_FLAGS}`],
  ['camera_count', CAMERA],
  ['camera_abnormal', `${CAMERA} and (r.offline or r.record_failed or r.firmware_updated_failed)`],
  ['camera_offline', `${CAMERA} and r.offline`],
  ['camera_recording', `${CAMERA} and r.state = 'RECORDING'`],
  ['camera_record_failed', `${CAMERA} and r.record_failed`],
  ['camera_firmware_failed', `${CAMERA} and r.firmware_updated_failed`],
  ['server_count', SERVER],
  ['server_abnormal', `${SERVER} and (r.offline or ${SERVER_FLAGS})`],
  ['server_offline', `${SERVER} and r.offline`],
  ['server_smart_error', `${SERVER} and r.smart_error`],
  ['server_disk_failed', `${SERVER} and r.disk_failed`],
  ['server_cpu_high', `${SERVER} and r.server_cpu_high`],
  ['server_memory_high', `${SERVER} and r.server_memory_high`],
  ['server_login_failed', `${SERVER} and r.server_login_failed`],
  ['server_network_high', `${SERVER} and r.network_high`],
  ['server_network_session_high', `${SERVER} and r.network_session_high`],
  ['speaker_count', SPEAKER],
  ['speaker_offline', `${SPEAKER} and r.offline`],
  ['unlicensed', `${LICENSABLE} and r.license_count = 0`],
  ['unlicensed_cameras', `r.platform = 'first' and ${CAMERA} and r.license_count = 0`],
];

/** Each license_summary column and the licenses `r` it counts, relative to the day `day`. */
const LICENSE_COLUMNS: [column: string, predicate: string][] = [
  ['total', 'true'],
  ['expired', 'r.expiration_date < day'],
  ['within30', 'r.expiration_date >= day and r.expiration_date <= day + 30'],
  ['within60', 'r.expiration_date >= day and r.expiration_date <= day + 60'],
  ['within90', 'r.expiration_date >= day and r.expiration_date <= day + 90'],
];

const columnsDdl = (columns: [string, string][]) =>
  columns.map(([column]) => `${column} integer not null default 0`).join(',\n    ');
const names = (columns: [string, string][]) => columns.map(([column]) => column).join(', ');
/** `sum(sign)` per column over `changes r`: the delta one statement makes. */
const deltaSums = (columns: [string, string][]) =>
  columns
    .map(([column, where]) => `coalesce(sum(r.sign) filter (where ${where}), 0)::int as ${column}`)
    .join(',\n      ');
const counts = (columns: [string, string][]) =>
  columns.map(([column, where]) => `count(*) filter (where ${where})::int as ${column}`).join(',\n      ');
const addExcluded = (table: string, columns: [string, string][]) =>
  columns.map(([column]) => `${column} = ${table}.${column} + excluded.${column}`).join(',\n      ');
const anyNonZero = (columns: [string, string][]) =>
  `(${columns.map(([column]) => `d.${column}`).join(', ')}) <> (${columns.map(() => '0').join(', ')})`;

/** The rows one statement changed, each with +1 (new) or -1 (old). */
const changes = (operation: 'INSERT' | 'UPDATE' | 'DELETE') =>
  ({
    INSERT: 'select 1 as sign, n.* from new_rows n',
    DELETE: 'select -1 as sign, o.* from old_rows o',
    UPDATE: 'select 1 as sign, n.* from new_rows n union all select -1, o.* from old_rows o',
  })[operation];

/** One trigger function handling the three operations, each with its own transition tables. */
function triggerFunction(
  name: string,
  declare: string,
  body: (operation: 'INSERT' | 'UPDATE' | 'DELETE') => string,
) {
  const branch = (operation: 'INSERT' | 'UPDATE' | 'DELETE') =>
    `if tg_op = '${operation}' then\n${body(operation)}\nend if;`;
  return `create function ${name}() returns trigger language plpgsql as $fn$
${declare}
begin
${branch('INSERT')}
${branch('UPDATE')}
${branch('DELETE')}
return null;
end
$fn$`;
}

const deviceDelta = (operation: 'INSERT' | 'UPDATE' | 'DELETE') => `
  with changes as (${changes(operation)}),
  delta as (
    select r.organization_id, r.platform,
      ${deltaSums(DEVICE_COLUMNS)}
    from changes r
    group by r.organization_id, r.platform
  )
  insert into device_summary as s (organization_id, platform, ${names(DEVICE_COLUMNS)})
  select d.* from delta d
  where ${anyNonZero(DEVICE_COLUMNS)}
    and exists (select 1 from organizations o where o.id = d.organization_id)
  order by d.organization_id, d.platform
  on conflict (organization_id, platform) do update set
      ${addExcluded('s', DEVICE_COLUMNS)};`;

const licenseDelta = (operation: 'INSERT' | 'UPDATE' | 'DELETE') => `
  -- Every license write holds the summary day in share mode: a new day's recompute waits for it.
  select as_of into day from license_summary_day for share;

  with changes as (${changes(operation)}),
  delta as (
    select r.device_id, sum(r.sign)::int as n from changes r
    where r.device_id is not null
    group by r.device_id
    having sum(r.sign) <> 0
  )
  update devices d set license_count = d.license_count + delta.n
  from delta where d.id = delta.device_id;

  with changes as (${changes(operation)}),
  delta as (
    select r.organization_id, r.type, coalesce(r.retention_days, 0) as retention,
      ${deltaSums(LICENSE_COLUMNS)}
    from changes r
    group by r.organization_id, r.type, coalesce(r.retention_days, 0)
  )
  insert into license_summary as s (organization_id, type, retention, ${names(LICENSE_COLUMNS)})
  select d.* from delta d
  where ${anyNonZero(LICENSE_COLUMNS)}
    and exists (select 1 from organizations o where o.id = d.organization_id)
  order by d.organization_id, d.type, d.retention
  on conflict (organization_id, type, retention) do update set
      ${addExcluded('s', LICENSE_COLUMNS)};`;

const incidentDelta = (operation: 'INSERT' | 'UPDATE' | 'DELETE') => `
  with changes as (${changes(operation)}),
  delta as (
    select r.company_id, r.category, r.alert_type,
      coalesce(sum(r.sign) filter (where r.resolved_at is null), 0)::int as open
    from changes r
    group by r.company_id, r.category, r.alert_type
  )
  insert into incident_summary as s (company_id, category, alert_type, open)
  select d.* from delta d
  where d.open <> 0 and exists (select 1 from companies c where c.id = d.company_id)
  order by d.company_id, d.category, d.alert_type
  on conflict (company_id, category, alert_type) do update set open = s.open + excluded.open;`;

/** Three statement triggers (one per operation: transition tables allow only one event each). */
const statementTriggers = (table: string, fn: string) => [
  `create trigger ${table}_summary_insert after insert on ${table}
    referencing new table as new_rows for each statement execute function ${fn}()`,
  `create trigger ${table}_summary_update after update on ${table}
    referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
  `create trigger ${table}_summary_delete after delete on ${table}
    referencing old table as old_rows for each statement execute function ${fn}()`,
];

const STATEMENTS = [
  // Superseded by the summaries: the dashboard no longer aggregates devices or open incidents by company.
  'drop index devices_company_statistics_idx',
  'drop index incidents_company_open_type_idx',
  'alter table devices add column license_count integer not null default 0',

  `create table device_summary (
    organization_id uuid not null references organizations (id) on delete cascade,
    platform text not null,
    ${columnsDdl(DEVICE_COLUMNS)},
    primary key (organization_id, platform)
  )`,

  `create table license_summary_day (
    id boolean primary key default true check (id),
    as_of date not null
  )`,
  `insert into license_summary_day (as_of) values ((now() at time zone 'utc')::date)`,

  `create table license_summary (
    organization_id uuid not null references organizations (id) on delete cascade,
    type text not null,
    -- retention_days, 0 for none (licenses.retention_days is null or positive).
    retention integer not null,
    ${columnsDdl(LICENSE_COLUMNS)},
    primary key (organization_id, type, retention)
  )`,

  `create table incident_summary (
    company_id uuid not null references companies (id) on delete cascade,
    category text not null,
    alert_type text not null,
    open integer not null default 0,
    primary key (company_id, category, alert_type)
  )`,

  // Recomputes every license_summary row for `target`; the caller holds license_summary_day for update.
  `create function license_summary_refresh(target date) returns void language plpgsql as $fn$
declare day date := target;
begin
  delete from license_summary;
  insert into license_summary (organization_id, type, retention, ${names(LICENSE_COLUMNS)})
  select r.organization_id, r.type, coalesce(r.retention_days, 0),
      ${counts(LICENSE_COLUMNS)}
  from licenses r
  group by r.organization_id, r.type, coalesce(r.retention_days, 0);
  update license_summary_day set as_of = target;
end
$fn$`,

  triggerFunction('device_summary_apply', '', deviceDelta),
  triggerFunction('license_summary_apply', 'declare day date;', licenseDelta),
  triggerFunction('incident_summary_apply', '', incidentDelta),

  `create function device_summary_truncated() returns trigger language plpgsql as $fn$
begin
  delete from device_summary;
  return null;
end
$fn$`,
  `create function license_summary_truncated() returns trigger language plpgsql as $fn$
begin
  delete from license_summary;
  update devices set license_count = 0 where license_count <> 0;
  return null;
end
$fn$`,
  `create function incident_summary_truncated() returns trigger language plpgsql as $fn$
begin
  delete from incident_summary;
  return null;
end
$fn$`,

  // What is already there: license counts first (the device summary reads them), then the summaries.
  `update devices d set license_count = c.n
    from (select device_id, count(*)::int as n from licenses where device_id is not null group by device_id) c
    where d.id = c.device_id`,
  `insert into device_summary (organization_id, platform, ${names(DEVICE_COLUMNS)})
    select r.organization_id, r.platform,
      ${counts(DEVICE_COLUMNS)}
    from devices r
    group by r.organization_id, r.platform`,
  `select license_summary_refresh((now() at time zone 'utc')::date)`,
  `insert into incident_summary (company_id, category, alert_type, open)
    select company_id, category, alert_type, count(*)::int from incidents
    where resolved_at is null
    group by company_id, category, alert_type`,

  ...statementTriggers('devices', 'device_summary_apply'),
  ...statementTriggers('licenses', 'license_summary_apply'),
  ...statementTriggers('incidents', 'incident_summary_apply'),
  `create trigger devices_summary_truncate after truncate on devices
    for each statement execute function device_summary_truncated()`,
  `create trigger licenses_summary_truncate after truncate on licenses
    for each statement execute function license_summary_truncated()`,
  `create trigger incidents_summary_truncate after truncate on incidents
    for each statement execute function incident_summary_truncated()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['devices', 'licenses', 'incidents']) {
    for (const suffix of ['insert', 'update', 'delete', 'truncate'])
      await sql.raw(`drop trigger if exists ${table}_summary_${suffix} on ${table}`).execute(db);
  }
  for (const fn of [
    'device_summary_apply',
    'license_summary_apply',
    'incident_summary_apply',
    'device_summary_truncated',
    'license_summary_truncated',
    'incident_summary_truncated',
    'license_summary_refresh',
  ])
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  for (const table of ['incident_summary', 'license_summary', 'license_summary_day', 'device_summary'])
    await sql.raw(`drop table if exists ${table}`).execute(db);
  await sql`alter table devices drop column if exists license_count`.execute(db);
  await sql`create index devices_company_statistics_idx on devices (company_id, platform, device_category,
    device_type, state, offline, record_failed, firmware_updated_failed, smart_error, disk_failed,
    server_cpu_high, server_memory_high, server_login_failed, network_high, network_session_high)`.execute(
    db,
  );
  await sql`create index incidents_company_open_type_idx on incidents (company_id, category, alert_type)
    where resolved_at is null`.execute(db);
}
