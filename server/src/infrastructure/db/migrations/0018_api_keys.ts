import { type Kysely, sql } from 'kysely';

/*
 * The partner API (issue 27 items 4–6): a company's API keys and what the API reads.
 *
 * - api_keys: stored as SHA-256 of the key (`ppk_` + 32 random bytes: a hash needs no salt or stretching for
 *   256 random bits). Looked up by hash on every call, unrevoked only, so a revocation holds on every
 *   process at once (no cache).
 * - api_key_usage: calls per key and UTC day (the key list's "calls today").
 * - api_key_addresses: the client addresses a key was used from; the first use from each is audited once.
 * - devices.updated_at: when anything the API shows of a device last changed (a trigger; heartbeats that
 *   change nothing visible do not count), for `GET /devices?updatedSince=` and its keyset paging.
 */

const VISIBLE_DEVICE_COLUMNS = [
  'name',
  'device_type',
  'device_category',
  'organization_id',
  'site_id',
  'service_id',
  'parent_device_id',
  'model_name',
  'mac_addresses',
  'ip_addresses',
  'firmware_version',
  'online',
  'recording',
  'firmware_upgrade_state',
  'connected',
  'is_recording',
  'record_failed',
  'firmware_updated_failed',
  'smart_error',
  'disk_failed',
  'server_cpu_high',
  'server_memory_high',
  'server_login_failed',
  'network_high',
  'network_session_high',
  'muted_until',
];

const row = (alias: string) => `(${VISIBLE_DEVICE_COLUMNS.map((column) => `${alias}.${column}`).join(', ')})`;

const STATEMENTS = [
  `create table api_keys (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    name text not null check (length(trim(name)) between 1 and 100),
    scopes text[] not null check (cardinality(scopes) > 0 and scopes <@ array['read', 'incidents:write']),
    key_hash text not null unique,
    created_by_user_id uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`,
  'create index api_keys_company_idx on api_keys (company_id, created_at, id)',

  `create table api_key_usage (
    key_id uuid not null references api_keys (id) on delete cascade,
    day date not null,
    calls integer not null default 0,
    primary key (key_id, day)
  )`,

  `create table api_key_addresses (
    key_id uuid not null references api_keys (id) on delete cascade,
    address text not null,
    first_seen_at timestamptz not null default now(),
    primary key (key_id, address)
  )`,

  // An acknowledgement by an API key names the key (no user made it).
  `alter table incidents add column acknowledged_by_api_key_id uuid references api_keys (id) on delete set null`,
  `alter table incident_events add column api_key_id uuid references api_keys (id) on delete set null`,

  'alter table devices add column updated_at timestamptz',
  'update devices set updated_at = created_at',
  'alter table devices alter column updated_at set default now(), alter column updated_at set not null',
  'create index devices_company_updated_idx on devices (company_id, updated_at, id)',
  `create function devices_touch() returns trigger language plpgsql as $fn$
    begin
      new.updated_at := now();
      return new;
    end
  $fn$`,
  `create trigger devices_touch before update on devices
    for each row when (${row('old')} is distinct from ${row('new')})
    execute function devices_touch()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop trigger if exists devices_touch on devices',
    'drop function if exists devices_touch()',
    'drop index if exists devices_company_updated_idx',
    'alter table devices drop column if exists updated_at',
    'alter table incident_events drop column if exists api_key_id',
    'alter table incidents drop column if exists acknowledged_by_api_key_id',
    'drop table if exists api_key_addresses',
    'drop table if exists api_key_usage',
    'drop table if exists api_keys',
  ])
    await sql.raw(statement).execute(db);
}
