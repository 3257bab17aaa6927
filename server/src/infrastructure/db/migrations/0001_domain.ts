import { type Kysely, sql } from 'kysely';

/*
 * The reseller domain of SPEC §3, as plain PostgreSQL 15 DDL (it reads better than the builder once
 * composite keys, deferrable constraints and generated columns are involved).
 *
 * Model:
 * - regions ← companies (a tree through parent_company_id: HQ → region → distributor → dealer).
 * - users belong to one company. A company has exactly one owner by construction: companies.owner_user_id
 *   is NOT NULL, and the foreign key (id, owner_user_id) → users(company_id, id) makes the owner a member
 *   of that company. It is deferred, so a company and its first user are created in one transaction;
 *   transferring ownership is one UPDATE. An owner cannot be deleted or moved away before a transfer.
 * - role_permissions is the SPEC §6 permission map (seeded here: it is reference data, not demo data).
 * - organizations (customers) are managed by one dealer company; sites, services and devices hang below.
 *   Sites, devices and incidents carry the managing company_id as well, so company-wide dashboards over
 *   100k devices filter one indexed column instead of joining organizations. The composite foreign key
 *   (organization_id, company_id) → organizations(id, company_id) ON UPDATE CASCADE keeps the copy true.
 * - devices holds both platforms. Composite keys keep a device inside its organization: its site, its
 *   parent device (NVR channel → NVR) and its service all belong to the same organization.
 *   A second-platform service (VSS, device manager) is the server device itself; `services` adds the
 *   service-only fields, keyed by that device's id.
 * - offline and state (OFFLINE / RECORDING / UPGRADING, SPEC §4) are generated from the raw platform
 *   fields, so every aggregate uses the one rule.
 *
 * Value lists (device types, license types, ...) are literals here on purpose: a migration must keep
 * producing the same schema when contracts/ grows; extending a list takes a new migration.
 */

const statements = [
  `create table regions (
    id text primary key,
    name text not null unique,
    latitude double precision not null check (latitude between -90 and 90),
    longitude double precision not null check (longitude between -180 and 180)
  )`,

  `create table role_permissions (
    role text primary key check (role in ('hq-pm', 'hq-sales', 'region', 'disty', 'dealer')),
    rank smallint not null unique,
    hierarchy_authorities text[] not null,
    accessible_vendors text[] not null
  )`,

  `create table companies (
    id uuid primary key default gen_random_uuid(),
    name text not null check (length(trim(name)) > 0),
    phone text not null default '',
    roles text[] not null default '{}'
      check (roles <@ array['hq-pm', 'hq-sales', 'region', 'disty', 'dealer']::text[]),
    region_id text references regions (id),
    parent_company_id uuid references companies (id),
    vendor text not null check (vendor in ('lumora', 'kestrel')),
    auto_generate_order_key boolean not null default false,
    owner_user_id uuid not null,
    created_at timestamptz not null default now(),
    check (parent_company_id <> id)
  )`,
  'create index companies_parent_idx on companies (parent_company_id)',

  `create table users (
    id uuid primary key,
    email text not null check (email = trim(email) and position('@' in email) > 1),
    name text not null default '' check (octet_length(name) <= 128),
    locale text not null default 'en' check (locale in ('en', 'zh-TW')),
    company_id uuid not null references companies (id) on delete cascade,
    welcome_video_seen_at timestamptz,
    created_at timestamptz not null default now(),
    unique (company_id, id)
  )`,
  'create unique index users_email_key on users (lower(email))',

  `alter table companies add constraint companies_owner_is_member
    foreign key (id, owner_user_id) references users (company_id, id)
    deferrable initially deferred`,

  `create table organizations (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    name text not null check (length(trim(name)) > 0),
    contact_name text not null default '',
    reference text not null default '',
    address text not null default '',
    contact_email text not null default '',
    contact_phone text not null default '',
    expiration_date date,
    remote_access_enabled boolean not null default false,
    remote_access_requesting boolean not null default false,
    created_at timestamptz not null default now(),
    unique (id, company_id)
  )`,
  // The customer list of one dealer, sorted and searched by name (substring search scans only that range).
  'create index organizations_company_name_idx on organizations (company_id, lower(name), id)',

  `create table sites (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null,
    company_id uuid not null,
    name text not null,
    address text not null default '',
    latitude double precision check (latitude between -90 and 90),
    longitude double precision check (longitude between -180 and 180),
    created_at timestamptz not null default now(),
    foreign key (organization_id, company_id) references organizations (id, company_id)
      on update cascade on delete cascade
  )`,
  // Keyset paging of an organization's sites, and the target of (organization, site) foreign keys.
  'create unique index sites_organization_id_key on sites (organization_id, id)',
  'create index sites_company_idx on sites (company_id)',

  `create table devices (
    id text primary key check (id ~ '^[A-Za-z0-9]{12}$'),
    platform text not null check (platform in ('first', 'second')),
    company_id uuid not null,
    organization_id uuid not null,
    site_id uuid not null,
    service_id text,
    parent_device_id text,
    device_type text not null check (device_type in ('VSS', 'WINDOWS_NVR', 'LINUX_NVR', 'DEVICE_MANAGER',
      'CAMERA', 'FISH_EYE', 'PTZ', 'NVR', 'IP_SPEAKER', 'NVR_CHANNEL', 'VORTEX', 'OBM')),
    device_category text check (device_category in ('CAMERA', 'FISH_EYE', 'PTZ', 'SERVER')),
    name text not null check (octet_length(name) <= 64),
    model_name text not null default '',
    mac_addresses text[] not null default '{}',
    ip_addresses text[] not null default '{}',
    firmware_version text not null default '',
    last_online_at timestamptz,
    health_time_from timestamptz,
    online boolean,
    recording boolean,
    firmware_upgrade_state smallint,
    connected boolean,
    is_recording boolean,
    record_failed boolean not null default false,
    firmware_updated_failed boolean not null default false,
    smart_error boolean not null default false,
    disk_failed boolean not null default false,
    server_cpu_high boolean not null default false,
    server_memory_high boolean not null default false,
    server_login_failed boolean not null default false,
    network_high boolean not null default false,
    network_session_high boolean not null default false,
    offline boolean not null generated always as (
      case when platform = 'first' then not coalesce(online, false) else not coalesce(connected, false) end
    ) stored,
    state text generated always as (
      case
        when platform = 'first' then case
          when not coalesce(online, false) then 'OFFLINE'
          when coalesce(recording, false) then 'RECORDING'
          when firmware_upgrade_state in (3, 4, 10) then 'UPGRADING'
        end
        else case
          when not coalesce(connected, false) then 'OFFLINE'
          when coalesce(is_recording, false) then 'RECORDING'
        end
      end
    ) stored,
    created_at timestamptz not null default now(),
    check (platform = 'first' or (online is null and recording is null and firmware_upgrade_state is null)),
    check (platform = 'second' or (connected is null and is_recording is null)),
    check (parent_device_id <> id),
    foreign key (organization_id, company_id) references organizations (id, company_id)
      on update cascade on delete cascade,
    foreign key (organization_id, site_id) references sites (organization_id, id) on delete cascade
  )`,
  // Keyset paging of an organization's devices, and the target of (organization, device) foreign keys.
  'create unique index devices_organization_id_key on devices (organization_id, id)',
  'create index devices_site_idx on devices (site_id, id)',
  'create index devices_company_org_idx on devices (company_id, organization_id)',
  'create index devices_parent_idx on devices (parent_device_id) where parent_device_id is not null',
  'create index devices_service_idx on devices (service_id) where service_id is not null',
  `alter table devices add foreign key (organization_id, parent_device_id)
    references devices (organization_id, id) on delete cascade`,

  `create table services (
    device_id text primary key,
    organization_id uuid not null,
    service_type text not null check (service_type in ('VSS', 'DEVICE_MANAGER')),
    remote_access_enabled boolean not null default false,
    remote_access_requesting boolean not null default false,
    frp_url text,
    unique (organization_id, device_id),
    foreign key (organization_id, device_id) references devices (organization_id, id) on delete cascade
  )`,
  `alter table devices add foreign key (organization_id, service_id)
    references services (organization_id, device_id) on delete set null (service_id)`,

  `create table license_catalogue (
    id text primary key,
    name text not null unique,
    duration_days integer not null check (duration_days > 0)
  )`,

  `create table license_inventory (
    company_id uuid not null references companies (id) on delete cascade,
    license_id text not null references license_catalogue (id),
    quantity integer not null check (quantity >= 0),
    primary key (company_id, license_id)
  )`,

  `create table licenses (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations (id) on delete cascade,
    device_id text,
    type text not null check (type in ('STD', 'IP_SPEAKER', 'CLOUD_BACKUP')),
    retention_days integer check (retention_days > 0),
    expiration_date date not null,
    created_at timestamptz not null default now(),
    check (type = 'CLOUD_BACKUP' or retention_days is null),
    foreign key (organization_id, device_id) references devices (organization_id, id)
      on delete set null (device_id)
  )`,
  'create index licenses_organization_expiry_idx on licenses (organization_id, expiration_date)',
  // A device holds at most one license of each type.
  'create unique index licenses_device_type_key on licenses (device_id, type) where device_id is not null',

  `create table incidents (
    id bigint generated always as identity primary key,
    company_id uuid not null,
    organization_id uuid not null,
    site_id uuid,
    device_id text,
    category text not null check (category in ('CAMERA', 'SERVER', 'CYBER', 'LICENSE')),
    alert_type text not null,
    started_at timestamptz not null,
    resolved_at timestamptz,
    check (resolved_at >= started_at),
    check (
      (category = 'CAMERA' and alert_type in ('OFFLINE', 'FIRMWARE_UPDATE_FAILED', 'RECORDING_FAILED'))
      or (category = 'SERVER' and alert_type in ('OFFLINE', 'SMART_ERROR', 'DISK_FAILED', 'SERVER_CPU_HIGH',
        'SERVER_MEMORY_HIGH', 'NETWORK_HIGH'))
      or (category = 'CYBER' and alert_type in ('SERVER_LOGIN_FAILED', 'NETWORK_SESSION_HIGH'))
      or (category = 'LICENSE' and alert_type in ('EXPIRED', 'EXPIRING', 'UNLICENSED'))
    ),
    foreign key (organization_id, company_id) references organizations (id, company_id)
      on update cascade on delete cascade,
    foreign key (organization_id, site_id) references sites (organization_id, id) on delete cascade,
    foreign key (organization_id, device_id) references devices (organization_id, id) on delete cascade
  )`,
  'create index incidents_organization_category_idx on incidents (organization_id, category, started_at desc)',
  // The dashboard's incidents overview counts a company's open incidents.
  'create index incidents_company_open_idx on incidents (company_id, category) where resolved_at is null',

  `create table remote_access_requests (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations (id) on delete cascade,
    requested_by_user_id uuid references users (id) on delete set null,
    entry_point text not null check (entry_point in ('portal', 'service')),
    service_device_id text,
    state text not null check (state in ('requesting', 'approved', 'denied', 'aborted', 'expired')),
    approval_token_hash text unique,
    requested_at timestamptz not null default now(),
    decided_at timestamptz,
    expires_at timestamptz not null,
    check ((entry_point = 'service') = (service_device_id is not null)),
    check ((state = 'requesting') = (decided_at is null)),
    foreign key (organization_id, service_device_id) references services (organization_id, device_id)
      on delete cascade
  )`,
  'create index remote_access_requests_organization_idx on remote_access_requests (organization_id, requested_at desc)',
  // At most one pending request per entry point.
  `create unique index remote_access_requests_one_pending_key on remote_access_requests
    (organization_id, coalesce(service_device_id, '')) where state = 'requesting'`,

  `create table login_records (
    id bigint generated always as identity primary key,
    email text not null,
    region text not null,
    at timestamptz not null default now()
  )`,
  'create index login_records_email_idx on login_records (lower(email), at desc)',

  `create table audit_log (
    id bigint generated always as identity primary key,
    actor_user_id uuid references users (id) on delete set null,
    company_id uuid references companies (id) on delete cascade,
    action text not null,
    target_type text not null,
    target_id text,
    details jsonb not null default '{}',
    at timestamptz not null default now()
  )`,
  'create index audit_log_company_idx on audit_log (company_id, at desc)',

  // The permission map of SPEC §6: every role holds the authority of its own level and every level below;
  // both brands are open to every role (the vendor check then only narrows routes that list vendors).
  `insert into role_permissions (role, rank, hierarchy_authorities, accessible_vendors) values
    ('hq-pm', 0, '{hq-pm,hq-sales,region,disty,dealer}', '{lumora,kestrel}'),
    ('hq-sales', 1, '{hq-sales,region,disty,dealer}', '{lumora,kestrel}'),
    ('region', 2, '{region,disty,dealer}', '{lumora,kestrel}'),
    ('disty', 3, '{disty,dealer}', '{lumora,kestrel}'),
    ('dealer', 4, '{dealer}', '{lumora,kestrel}')`,
];

const tables = [
  'audit_log',
  'login_records',
  'remote_access_requests',
  'incidents',
  'licenses',
  'license_inventory',
  'license_catalogue',
  'services',
  'devices',
  'sites',
  'organizations',
  'users',
  'companies',
  'role_permissions',
  'regions',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await sql.raw(`drop table if exists ${table} cascade`).execute(db);
}
