import type {
  FirstPlatformOrganizationStatistics,
  OrganizationStatistics,
} from '@portal/contracts/statistics';
import { type Kysely, sql } from 'kysely';
import { col, EXAMPLE_DAY, EXAMPLE_UUID, type RowOf, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import {
  cameraStatistics,
  DEVICE_COUNT_COLUMNS,
  type DeviceCountRow,
  EMPTY_DEVICE_COUNTS,
  serverStatistics,
  speakerStatistics,
} from './device-counts.ts';
import { expiresWithin, isExpired } from './predicates.ts';
import { deviceCountsOfRow, licensesOfCompany, ofCompany } from './summaries.ts';

/**
 * SPEC §3 Organization statistics, for one organization or for every organization of a company: device
 * numbers are the device_summary rows (migration 0005; one per customer and platform), license numbers one
 * grouped aggregate over licenses.
 */

type Scope = { organizationId: string } | { companyId: string };

/** Over `device_summary s`. */
const summaryScope = (scope: Scope) =>
  'organizationId' in scope ? sql`s.organization_id = ${scope.organizationId}` : ofCompany(scope.companyId);

const licenseScope = (scope: Scope) =>
  'organizationId' in scope
    ? sql`l.organization_id = ${scope.organizationId}`
    : licensesOfCompany(scope.companyId);

const firstPlatformDeviceCountsQuery = rawQuery(
  'first-platform device counts by organization',
  { organization_id: col.uuid(), ...DEVICE_COUNT_COLUMNS, unlicensed_cameras: col.int4() },
  (scope: Scope) => sql`
    select s.organization_id, ${deviceCountsOfRow}, s.unlicensed_cameras
    from device_summary s
    where ${summaryScope(scope)} and s.platform = 'first'`,
  [{ companyId: EXAMPLE_UUID }],
);
type FirstPlatformDeviceRow = RowOf<typeof firstPlatformDeviceCountsQuery.row>;

async function firstPlatformDeviceCounts(db: Kysely<DB>, scope: Scope) {
  const { rows } = await firstPlatformDeviceCountsQuery(scope).execute(db);
  return new Map(rows.map((row) => [row.organization_id, row]));
}

const cameraLicenseCountsQuery = rawQuery(
  'camera license counts by organization',
  {
    organization_id: col.uuid(),
    expiration_date: col.text().orNull(),
    std: col.int8(),
    cloud_backup: col.int8(),
    ip_speaker: col.int8(),
    expired: col.int8(),
    expiring: col.int8(),
  },
  (scope: Scope, today: string) => {
    const camera = sql`l.type in ('STD', 'CLOUD_BACKUP')`;
    return sql`
    select l.organization_id,
      to_char(min(l.expiration_date) filter (where ${camera}), 'YYYY-MM-DD') as expiration_date,
      count(*) filter (where l.type = 'STD' and not ${isExpired(today)}) as std,
      count(*) filter (where l.type = 'CLOUD_BACKUP' and not ${isExpired(today)}) as cloud_backup,
      count(*) filter (where l.type = 'IP_SPEAKER' and not ${isExpired(today)}) as ip_speaker,
      count(*) filter (where ${camera} and ${isExpired(today)}) as expired,
      count(*) filter (where ${camera} and ${expiresWithin(today, 30)}) as expiring
    from licenses l
    where ${licenseScope(scope)}
    group by l.organization_id`;
  },
  [{ companyId: EXAMPLE_UUID }, EXAMPLE_DAY],
);
type CameraLicenseRow = RowOf<typeof cameraLicenseCountsQuery.row>;

async function cameraLicenseCounts(db: Kysely<DB>, scope: Scope, today: string) {
  const { rows } = await cameraLicenseCountsQuery(scope, today).execute(db);
  return new Map(rows.map((row) => [row.organization_id, row]));
}

function firstPlatformStatistics(
  devices: FirstPlatformDeviceRow | undefined,
  licenses: CameraLicenseRow | undefined,
): FirstPlatformOrganizationStatistics {
  const counts = devices ?? { ...EMPTY_DEVICE_COUNTS, organization_id: '', unlicensed_cameras: 0 };
  return {
    camera: {
      ...cameraStatistics(counts),
      license: {
        expirationDate: licenses?.expiration_date ?? null,
        count: {
          std: licenses?.std ?? 0,
          cloudBackup: licenses?.cloud_backup ?? 0,
          ipSpeaker: licenses?.ip_speaker ?? 0,
        },
        statusCount: {
          expired: licenses?.expired ?? 0,
          expiring: licenses?.expiring ?? 0,
          unlicensed: counts.unlicensed_cameras,
        },
      },
    },
    server: serverStatistics(counts),
    ipSpeaker: speakerStatistics(counts),
  };
}

export async function firstPlatformOrganizationStatistics(
  db: Kysely<DB>,
  organizationId: string,
  today: string,
): Promise<FirstPlatformOrganizationStatistics> {
  const scope = { organizationId };
  const [devices, licenses] = await Promise.all([
    firstPlatformDeviceCounts(db, scope),
    cameraLicenseCounts(db, scope, today),
  ]);
  return firstPlatformStatistics(devices.get(organizationId), licenses.get(organizationId));
}

/** Every organization of the company, those without devices included, in name order. */
export async function firstPlatformStatisticsOfCompany(db: Kysely<DB>, companyId: string, today: string) {
  const scope = { companyId };
  const [organizations, devices, licenses] = await Promise.all([
    db
      .selectFrom('organizations')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute(),
    firstPlatformDeviceCounts(db, scope),
    cameraLicenseCounts(db, scope, today),
  ]);
  return organizations.map(({ id }) => ({
    organizationId: id,
    statistics: firstPlatformStatistics(devices.get(id), licenses.get(id)),
  }));
}

const secondPlatformDeviceCountsQuery = rawQuery(
  'second-platform device counts by organization',
  { organization_id: col.uuid(), ...DEVICE_COUNT_COLUMNS },
  (scope: Scope) => sql`
    select s.organization_id, ${deviceCountsOfRow}
    from device_summary s
    where ${summaryScope(scope)} and s.platform = 'second' and s.total > 0
    order by s.organization_id`,
  [{ companyId: EXAMPLE_UUID }],
);

async function secondPlatformDeviceCounts(db: Kysely<DB>, scope: Scope) {
  const { rows } = await secondPlatformDeviceCountsQuery(scope).execute(db);
  return rows;
}

const secondPlatformStatistics = (row: DeviceCountRow): OrganizationStatistics => ({
  camera: cameraStatistics(row),
  server: serverStatistics(row),
});

export async function secondPlatformOrganizationStatistics(
  db: Kysely<DB>,
  organizationId: string,
): Promise<OrganizationStatistics> {
  const [row] = await secondPlatformDeviceCounts(db, { organizationId });
  return secondPlatformStatistics(row ?? EMPTY_DEVICE_COUNTS);
}

/** Every organization of the company that has second-platform devices. */
export async function secondPlatformStatisticsOfCompany(db: Kysely<DB>, companyId: string) {
  const rows = await secondPlatformDeviceCounts(db, { companyId });
  return rows.map((row) => ({
    organizationId: row.organization_id,
    statistics: secondPlatformStatistics(row),
  }));
}
