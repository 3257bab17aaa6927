import { ALERT_CATEGORIES, ALERT_TYPES, type AlertCategory } from '@portal/contracts/devices';
import type { LicenseType } from '@portal/contracts/licenses';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import { type Kysely, sql } from 'kysely';
import { col, EXAMPLE_DAY, EXAMPLE_UUID, type RowOf, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import {
  cameraStatistics,
  DEVICE_COUNT_COLUMNS,
  EMPTY_DEVICE_COUNTS,
  serverStatistics,
  speakerStatistics,
} from './device-counts.ts';
import { expiresWithin, isExpired } from './predicates.ts';
import {
  LICENSE_SUMMARY_DAY,
  licensesOfCompany,
  ofCompany,
  summedDeviceCounts,
  withLicenseDay,
} from './summaries.ts';

/**
 * The dealer dashboard (SPEC §3 company statistics, issue 6): a handful of small aggregates, run side by
 * side, over the summary rows of migration 0005 (one or two rows per customer and platform, license type
 * or alert type), which triggers keep true in the transaction of every write (bench/README.md).
 */
export async function companyStatistics(
  db: Kysely<DB>,
  companyId: string,
  today: string,
): Promise<CompanyStatistics> {
  const [counts, { devices, unlicensed }, licenses, incidents] = await Promise.all([
    organizationAndSiteCounts(db, companyId),
    deviceCountsByPlatform(db, companyId),
    withLicenseDay(
      db,
      today,
      () => licenseMaturityFromSummary(db, companyId, today),
      () => licenseMaturity(db, companyId, today),
    ),
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

const organizationAndSiteCountsQuery = rawQuery(
  'company organization and site counts',
  { organizations: col.int8(), sites: col.int8() },
  (companyId: string) => sql`
    select (select count(*) from organizations o where o.company_id = ${companyId}) as organizations,
      (select count(*) from sites s where s.company_id = ${companyId}) as sites`,
  [EXAMPLE_UUID],
);

async function organizationAndSiteCounts(db: Kysely<DB>, companyId: string) {
  const { rows } = await organizationAndSiteCountsQuery(companyId).execute(db);
  return rows[0] ?? { organizations: 0, sites: 0 };
}

const deviceCountsByPlatformQuery = rawQuery(
  'company device counts by platform',
  {
    platform: col.text<'first' | 'second'>(),
    ...DEVICE_COUNT_COLUMNS,
    unlicensed: col.int4(),
    unlicensed_organizations: col.int4(),
  },
  (companyId: string) => sql`
    select s.platform, ${summedDeviceCounts},
      coalesce(sum(s.unlicensed), 0)::int as unlicensed,
      count(*) filter (where s.unlicensed > 0)::int as unlicensed_organizations
    from device_summary s
    where ${ofCompany(companyId)}
    group by s.platform`,
  [EXAMPLE_UUID],
);

/** Device numbers by platform, and the unlicensed devices with the customers holding them. */
async function deviceCountsByPlatform(db: Kysely<DB>, companyId: string) {
  const { rows } = await deviceCountsByPlatformQuery(companyId).execute(db);
  return {
    devices: new Map(rows.map((row) => [row.platform, row])),
    // Only first-platform devices need a license, and a customer has one summary row per platform.
    unlicensed: {
      devices: rows.reduce((sum, row) => sum + row.unlicensed, 0),
      organizations: rows.reduce((sum, row) => sum + row.unlicensed_organizations, 0),
    },
  };
}

/** The columns of `maturityTotals`. */
const MATURITY_COLUMNS = {
  type: col.text<LicenseType>().orNull(),
  retention: col.int4().orNull(),
  is_total: col.int4(),
  active: col.int4(),
  expired: col.int4(),
  within30: col.int4(),
  within60: col.int4(),
  within90: col.int4(),
  org_expired: col.int4(),
  org_within30: col.int4(),
  org_within60: col.int4(),
  org_within90: col.int4(),
};
type MaturityRow = RowOf<typeof MATURITY_COLUMNS>;

/**
 * Licenses and customers per expiry window, by type and retention, plus the all-types total row, from
 * license_summary (per customer, type and retention, counted for the day it returns).
 */
async function licenseMaturityFromSummary(db: Kysely<DB>, companyId: string, today: string) {
  const { rows } = await licenseMaturityFromSummaryQuery(companyId).execute(db);
  // The grouping set () yields the total row even without licenses, so the day is always there.
  return { asOf: rows[0]?.as_of ?? today, value: maturityResult(rows) };
}

const licenseMaturityFromSummaryQuery = rawQuery(
  'company license maturity from license_summary',
  { ...MATURITY_COLUMNS, as_of: col.text() },
  (companyId: string) => sql`
    with per_customer as (
      select s.type, nullif(s.retention, 0) as retention_days, s.organization_id,
        s.total - s.expired as active, s.expired, s.within30, s.within60, s.within90
      from license_summary s
      where ${ofCompany(companyId)} and s.total > 0
    )
    ${maturityTotals}, ${LICENSE_SUMMARY_DAY} as as_of
    ${maturityGroups}`,
  [EXAMPLE_UUID],
);

/** The second level of both maturity queries, over `per_customer c` (one row per customer, type, retention). */
const maturityTotals = sql`
    select c.type, c.retention_days as retention, grouping(c.type, c.retention_days) as is_total,
      sum(c.active)::int as active, sum(c.expired)::int as expired,
      sum(c.within30)::int as within30, sum(c.within60)::int as within60, sum(c.within90)::int as within90,
      count(distinct c.organization_id) filter (where c.expired > 0)::int as org_expired,
      count(distinct c.organization_id) filter (where c.within30 > 0)::int as org_within30,
      count(distinct c.organization_id) filter (where c.within60 > 0)::int as org_within60,
      count(distinct c.organization_id) filter (where c.within90 > 0)::int as org_within90`;
const maturityGroups = sql`
    from per_customer c
    group by grouping sets ((c.type, c.retention_days), ())
    order by c.type, c.retention_days nulls first`;

/**
 * The same numbers aggregated from the licenses themselves, in two levels: per customer, type and
 * retention first (licenses_statistics_idx, migration 0004). Only used when license_summary counts for
 * another day (see withLicenseDay).
 */
const licenseMaturityQuery = rawQuery(
  'company license maturity from licenses',
  MATURITY_COLUMNS,
  (companyId: string, today: string) => {
    const expired = isExpired(today);
    const [w30, w60, w90] = [30, 60, 90].map((days) => expiresWithin(today, days));
    return sql`
    with per_customer as (
      select l.type, l.retention_days, l.organization_id,
        count(*) filter (where not ${expired})::int as active,
        count(*) filter (where ${expired})::int as expired,
        count(*) filter (where ${w30})::int as within30,
        count(*) filter (where ${w60})::int as within60,
        count(*) filter (where ${w90})::int as within90
      from licenses l
      where ${licensesOfCompany(companyId)}
      group by l.organization_id, l.type, l.retention_days
    )
    ${maturityTotals}
    ${maturityGroups}`;
  },
  [EXAMPLE_UUID, EXAMPLE_DAY],
);

async function licenseMaturity(db: Kysely<DB>, companyId: string, today: string) {
  const { rows } = await licenseMaturityQuery(companyId, today).execute(db);
  return maturityResult(rows);
}

function maturityResult(rows: MaturityRow[]) {
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

/** Open incidents per category and alert type; every pair of SPEC §4 is listed, zeros included. */
const openIncidentsQuery = rawQuery(
  'company open incidents from incident_summary',
  { category: col.text<AlertCategory>(), alert_type: col.text(), count: col.int4() },
  (companyId: string) => sql`
    select i.category, i.alert_type, i.open as count
    from incident_summary i
    where i.company_id = ${companyId} and i.open <> 0`,
  [EXAMPLE_UUID],
);

async function openIncidents(db: Kysely<DB>, companyId: string): Promise<CompanyStatistics['incidents']> {
  const { rows } = await openIncidentsQuery(companyId).execute(db);
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
