import { ALERT_CATEGORIES, ALERT_TYPES, type AlertCategory } from '@portal/contracts/devices';
import type { LicenseType } from '@portal/contracts/licenses';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.ts';
import {
  cameraStatistics,
  type DeviceCountRow,
  deviceCountColumns,
  EMPTY_DEVICE_COUNTS,
  serverStatistics,
  speakerStatistics,
} from './device-counts.ts';
import { expiresWithin, IS_UNLICENSED, isExpired } from './predicates.ts';

/**
 * The dealer dashboard (SPEC §3 company statistics, issue 6): a handful of aggregates over the
 * company_id-indexed columns, run side by side.
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

async function deviceCountsByPlatform(db: Kysely<DB>, companyId: string) {
  const { rows } = await sql<DeviceCountRow & { platform: 'first' | 'second' }>`
    select d.platform, ${deviceCountColumns}
    from devices d
    where d.company_id = ${companyId}
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

/** Licenses and customers per expiry window, by type and retention, plus the all-types total row. */
async function licenseMaturity(db: Kysely<DB>, companyId: string, today: string) {
  const expired = isExpired(today);
  const [w30, w60, w90] = [30, 60, 90].map((days) => expiresWithin(today, days));
  const { rows } = await sql<MaturityRow>`
    select l.type, l.retention_days as retention, grouping(l.type, l.retention_days) as is_total,
      count(*) filter (where not ${expired}) as active,
      count(*) filter (where ${expired}) as expired,
      count(*) filter (where ${w30}) as within30,
      count(*) filter (where ${w60}) as within60,
      count(*) filter (where ${w90}) as within90,
      count(distinct l.organization_id) filter (where ${expired}) as org_expired,
      count(distinct l.organization_id) filter (where ${w30}) as org_within30,
      count(distinct l.organization_id) filter (where ${w60}) as org_within60,
      count(distinct l.organization_id) filter (where ${w90}) as org_within90
    from licenses l
    where l.organization_id in (select o.id from organizations o where o.company_id = ${companyId})
    group by grouping sets ((l.type, l.retention_days), ())
    order by l.type, l.retention_days nulls first`.execute(db);
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

async function unlicensedDevices(db: Kysely<DB>, companyId: string) {
  const { rows } = await sql<{ devices: number; organizations: number }>`
    select count(*) as devices, count(distinct d.organization_id) as organizations
    from devices d
    where d.company_id = ${companyId} and ${IS_UNLICENSED}`.execute(db);
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
