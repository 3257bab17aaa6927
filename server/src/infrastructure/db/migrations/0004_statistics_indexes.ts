import { type Kysely, sql } from 'kysely';

/**
 * Covering indexes for the dealer dashboard (`/companies/statistics`), so each of its aggregates reads one
 * index in group order instead of every heap row of the company (bench/README.md has the figures):
 * - devices: every column a device number reads, led by company and platform;
 * - licenses: per customer, type and retention, with the expiry date;
 * - incidents: the open ones of a company by category and alert type.
 */
const STATEMENTS = [
  `create index devices_company_statistics_idx on devices (company_id, platform, device_category,
    device_type, state, offline, record_failed, firmware_updated_failed, smart_error, disk_failed,
    server_cpu_high, server_memory_high, server_login_failed, network_high, network_session_high)`,
  `create index licenses_statistics_idx on licenses (organization_id, type, retention_days, expiration_date)
    include (device_id)`,
  `create index incidents_company_open_type_idx on incidents (company_id, category, alert_type)
    where resolved_at is null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'incidents_company_open_type_idx',
    'licenses_statistics_idx',
    'devices_company_statistics_idx',
  ])
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
