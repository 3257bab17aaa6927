import { ALERT_CATEGORIES, ALERT_TYPES, type AlertCategory } from '@portal/contracts/devices';
import type { LicenseType } from '@portal/contracts/licenses';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.ts';
import {
  cameraStatistics,
  DEVICE_STATUS_COLUMNS,
  type DeviceCountRow,
  deviceSumColumns,
  EMPTY_DEVICE_COUNTS,
  serverStatistics,
  speakerStatistics,
} from './device-counts.ts';
import { expiresWithin, IS_LICENSABLE, isExpired } from './predicates.ts';

/**
 * The dealer dashboard (SPEC §3 company statistics, issue 6): a handful of aggregates over the
 * company_id-indexed columns, run side by side. Each reads a covering index where it can and aggregates
 * in two levels, so the work per row is a group lookup, not twenty filters (bench/README.md).
 */
export async function companyStatistics(
  db: Kysely<DB>,
  companyId: string,
  today: string,
): Promise<CompanyStatistics> {
  const [counts, devices, licenses, unlicensed, incidents] = await Promise.all([
    organizationAndSiteCounts(db, companyId),
    deviceCountsByPlatform(db, companyId),
    licenseMaturity(db, companyId, today),
    unlicensedDevices(db, companyId),
    openIncidents(db, companyId),
  ]);
  const first = devices.get('first') ?? EMPTY_DEVICE_COUNTS;
  const second = devices.get('second') ?? EMPTY_DEVICE_COUNTS;
  const active = (type: LicenseType) =>
    licenses.items.filter((item) => item.type === type).reduce((sum, item) => sum + item.active, 0);

  return {
    organizations: {
      count: counts.organizations,
      licenseStatus: {
        expired: licenses.organizations.expired,
        expireSoon: licenses.organizations.within30,
        unlicensed: unlicensed.organizations,
      },
    },
    sites: { count: counts.sites },
    cameraLicenses: {
      std: active('STD'),
      cloudBackup: active('CLOUD_BACKUP'),
      ipSpeaker: active('IP_SPEAKER'),
    },
    platforms: {
      first: {
        total: first.total,
        camera: cameraStatistics(first),
        server: serverStatistics(first),
        ipSpeaker: speakerStatistics(first),
      },
      second: { total: second.total, camera: cameraStatistics(second), server: serverStatistics(second) },
    },
    incidents,
    licenseMaturity: {
      items: licenses.items.map(({ active: _active, ...item }) => item),
      unlicensed,
    },
  };
}

async function organizationAndSiteCounts(db: Kysely<DB>, companyId: string) {
  const { rows } = await sql<{ organizations: number; sites: number }>`
    select (select count(*) from organizations o where o.company_id = ${companyId}) as organizations,
      (select count(*) from sites s where s.company_id = ${companyId}) as sites`.execute(db);
  return rows[0] ?? { organizations: 0, sites: 0 };
}

/** Two levels: the company's devices grouped by every column a number reads, then those groups summed. */
async function deviceCountsByPlatform(db: Kysely<DB>, companyId: string) {
  const { rows } = await sql<DeviceCountRow & { platform: 'first' | 'second' }>`
    with grouped as (
      select ${DEVICE_STATUS_COLUMNS}, count(*)::int as n
      from devices d
      where d.company_id = ${companyId}
      group by ${DEVICE_STATUS_COLUMNS}
    )
    select d.platform, ${deviceSumColumns}
    from grouped d
    group by d.platform`.execute(db);
  return new Map(rows.map((row) => [row.platform, row]));
}

interface MaturityRow {
  type: LicenseType | null;
  retention: number | null;
  is_total: number;
  active: number;
  expired: number;
  within30: number;
  within60: number;
  within90: number;
  org_expired: number;
  org_within30: number;
  org_within60: number;
  org_within90: number;
}

/**
 * Licenses and customers per expiry window, by type and retention, plus the all-types total row. Two
 * levels: per customer, type and retention first (licenses_statistics_idx, migration 0004), so counting
 * customers is a count over those few thousand rows instead of a distinct over every license.
 */
async function licenseMaturity(db: Kysely<DB>, companyId: string, today: string) {
  const expired = isExpired(today);
  const [w30, w60, w90] = [30, 60, 90].map((days) => expiresWithin(today, days));
  const { rows } = await sql<MaturityRow>`
    with per_customer as (
      select l.type, l.retention_days, l.organization_id,
        count(*) filter (where not ${expired})::int as active,
        count(*) filter (where ${expired})::int as expired,
        count(*) filter (where ${w30})::int as within30,
        count(*) filter (where ${w60})::int as within60,
        count(*) filter (where ${w90})::int as within90
      from licenses l
      where l.organization_id in (select o.id from organizations o where o.company_id = ${companyId})
      group by l.organization_id, l.type, l.retention_days
    )
    select c.type, c.retention_days as retention, grouping(c.type, c.retention_days) as is_total,
      sum(c.active)::int as active, sum(c.expired)::int as expired,
      sum(c.within30)::int as within30, sum(c.within60)::int as within60, sum(c.within90)::int as within90,
      count(distinct c.organization_id) filter (where c.expired > 0) as org_expired,
      count(distinct c.organization_id) filter (where c.within30 > 0) as org_within30,
      count(distinct c.organization_id) filter (where c.within60 > 0) as org_within60,
      count(distinct c.organization_id) filter (where c.within90 > 0) as org_within90
    from per_customer c
    group by grouping sets ((c.type, c.retention_days), ())
    order by c.type, c.retention_days nulls first`.execute(db);
  const organizations = (row: MaturityRow | undefined) => ({
    expired: row?.org_expired ?? 0,
    within30: row?.org_within30 ?? 0,
    within60: row?.org_within60 ?? 0,
    within90: row?.org_within90 ?? 0,
  });
  const total = rows.find((row) => row.is_total !== 0);
  const items = rows
    .filter((row) => row.is_total === 0 && row.type !== null)
    .map((row) => ({
      type: row.type as LicenseType,
      retention: row.retention,
      active: row.active,
      expired: row.expired,
      within30: row.within30,
      within60: row.within60,
      within90: row.within90,
      organizations: organizations(row),
    }));
  return { items, organizations: organizations(total) };
}

/**
 * Licensable devices holding no license: an anti-join against the company's licensed devices, hashed
 * once, instead of one index probe per device.
 */
async function unlicensedDevices(db: Kysely<DB>, companyId: string) {
  const { rows } = await sql<{ devices: number; organizations: number }>`
    with licensed as (
      select l.device_id from licenses l
      where l.device_id is not null
        and l.organization_id in (select o.id from organizations o where o.company_id = ${companyId})
    )
    select count(*) as devices, count(distinct d.organization_id) as organizations
    from devices d
    where d.company_id = ${companyId} and ${IS_LICENSABLE}
      and not exists (select 1 from licensed where licensed.device_id = d.id)`.execute(db);
  return rows[0] ?? { devices: 0, organizations: 0 };
}

/** Open incidents per category and alert type; every pair of SPEC §4 is listed, zeros included. */
async function openIncidents(db: Kysely<DB>, companyId: string): Promise<CompanyStatistics['incidents']> {
  const { rows } = await sql<{ category: AlertCategory; alert_type: string; count: number }>`
    select i.category, i.alert_type, count(*) as count
    from incidents i
    where i.company_id = ${companyId} and i.resolved_at is null
    group by i.category, i.alert_type`.execute(db);
  const counted = new Map(rows.map((row) => [`${row.category}/${row.alert_type}`, row.count]));
  const items = ALERT_CATEGORIES.flatMap((category) =>
    ALERT_TYPES[category].map((alertType) => ({
      category,
      alertType,
      count: counted.get(`${category}/${alertType}`) ?? 0,
    })),
  );
  return { open: rows.reduce((sum, row) => sum + row.count, 0), items };
}
