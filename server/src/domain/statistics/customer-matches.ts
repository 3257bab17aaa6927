import type { AlertCategory } from '@portal/contracts/devices';
import { LICENSE_EXPIRY_WARNING_DAYS } from '@portal/contracts/licenses';
import type {
  CustomerMatches,
  CustomerSelection,
  DeviceKind,
  DeviceSelectionStatus,
} from '@portal/contracts/statistics';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { col, EXAMPLE_DAY, EXAMPLE_UUID, type RowOf, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { badRequest } from '../errors.ts';
import { deviceLicenseStates, expiresWithin, isExpired } from './predicates.ts';
import { LICENSE_SUMMARY_DAY, licensesOfCompany, ofCompany, withLicenseDay } from './summaries.ts';

/**
 * The customers behind one number of the dashboard (GET /companies/statistics/customers): for the
 * selection a dashboard link carries, each customer holding such items and how many, from the same
 * summaries and predicates as the number itself, so the list a number opens adds up to that number.
 */
const ROW = { organization_id: col.uuid(), count: col.int4() };
type Row = RowOf<typeof ROW>;
const NO_FRAGMENT = sql``;

export async function customerMatches(
  db: Kysely<DB>,
  companyId: string,
  today: string,
  selection: CustomerSelection,
): Promise<CustomerMatches> {
  const [unit, rows] = await selected(db, companyId, today, selection);
  const items = rows
    .filter((row) => row.count > 0)
    .map((row) => ({ organizationId: row.organization_id, count: row.count }))
    .sort((a, b) => (a.organizationId < b.organizationId ? -1 : 1));
  return { unit, total: items.reduce((sum, item) => sum + item.count, 0), items };
}

async function selected(
  db: Kysely<DB>,
  companyId: string,
  today: string,
  selection: CustomerSelection,
): Promise<[CustomerMatches['unit'], Row[]]> {
  if (selection.incident) return ['incidents', await openIncidents(db, companyId, selection.incident)];
  if (selection.sites) return ['sites', await sites(db, companyId)];
  if (selection.deviceLicense)
    return ['devices', await devicesByLicenseState(db, companyId, today, selection.deviceLicense)];
  if (selection.license === 'unlicensed')
    return ['devices', await summedDevices(db, companyId, sql`s.unlicensed`)];
  if (selection.license) return ['licenses', await licenses(db, companyId, today, selection)];
  const platform = selection.platform ? sql`and s.platform = ${selection.platform}` : sql``;
  return [
    'devices',
    await summedDevices(db, companyId, deviceColumn(selection.device, selection.status), platform),
  ];
}

const summedDevicesQuery = rawQuery(
  'customers by a device_summary number',
  ROW,
  (companyId: string, column: RawBuilder<unknown>, where: RawBuilder<unknown>) => sql`
    select s.organization_id, sum(${column})::int as count
    from device_summary s
    where ${ofCompany(companyId)} ${where}
    group by s.organization_id`,
  [EXAMPLE_UUID, sql`s.total`, NO_FRAGMENT],
);

async function summedDevices(
  db: Kysely<DB>,
  companyId: string,
  column: RawBuilder<unknown>,
  where = NO_FRAGMENT,
) {
  const { rows } = await summedDevicesQuery(companyId, column, where).execute(db);
  return rows;
}

/** The device_summary expression of one kind and status, as the dashboard's device overview counts it. */
function deviceColumn(kind: DeviceKind | undefined, status: DeviceSelectionStatus | undefined) {
  const prefix = { camera: 'camera_', server: 'server_', ipSpeaker: 'speaker_' };
  const column = (name: string) => sql.ref(`s.${name}`);
  const count = column(kind ? `${prefix[kind]}count` : 'total');
  const offline = column(kind ? `${prefix[kind]}offline` : 'offline');
  // An IP speaker is abnormal when offline (it carries no status flags of its own).
  const abnormal = column(
    kind === 'ipSpeaker' ? 'speaker_offline' : kind ? `${prefix[kind]}abnormal` : 'abnormal',
  );
  switch (status) {
    case undefined:
      return count;
    case 'online':
      return sql`${count} - ${offline}`;
    case 'offline':
      return offline;
    case 'healthy':
      return sql`${count} - ${abnormal}`;
    case 'abnormal':
      return abnormal;
  }
  const flags: Partial<Record<DeviceKind, Partial<Record<DeviceSelectionStatus, string>>>> = {
    camera: {
      recording: 'camera_recording',
      recordFailed: 'camera_record_failed',
      firmwareUpdatedFailed: 'camera_firmware_failed',
    },
    server: {
      smartError: 'server_smart_error',
      diskFailed: 'server_disk_failed',
      serverCPUHigh: 'server_cpu_high',
      serverMemoryHigh: 'server_memory_high',
      serverLoginFailed: 'server_login_failed',
      networkHigh: 'server_network_high',
      networkSessionHigh: 'server_network_session_high',
    },
  };
  const name = kind && flags[kind]?.[status];
  if (!name) throw badRequest(`No ${status} count for ${kind ?? 'every device'}`);
  return column(name);
}

/** Licenses active, expired or expiring within the window, of one type and retention or of all. */
async function licenses(db: Kysely<DB>, companyId: string, today: string, selection: CustomerSelection) {
  const within = selection.within ?? 30;
  const retention = selection.retention ?? null;
  const summaryColumn =
    selection.license === 'active'
      ? sql`s.total - s.expired`
      : sql.ref(selection.license === 'expired' ? 's.expired' : `s.within${within}`);
  const summaryType = selection.licenseType
    ? sql`and s.type = ${selection.licenseType} and s.retention = ${retention ?? 0}`
    : sql``;
  const licenseType = selection.licenseType
    ? sql`and l.type = ${selection.licenseType} and l.retention_days is not distinct from ${retention}::int`
    : sql``;
  const counted =
    selection.license === 'active'
      ? sql`not ${isExpired(today)}`
      : selection.license === 'expired'
        ? isExpired(today)
        : expiresWithin(today, within);
  return withLicenseDay(
    db,
    today,
    async () => {
      const { rows } = await summedLicensesQuery(companyId, summaryColumn, summaryType).execute(db);
      return { asOf: rows[0]?.as_of ?? today, value: rows };
    },
    async () => (await countedLicensesQuery(companyId, counted, licenseType).execute(db)).rows,
  );
}

const summedLicensesQuery = rawQuery(
  'customers by a license_summary number',
  { ...ROW, as_of: col.text() },
  (companyId: string, column: RawBuilder<unknown>, where: RawBuilder<unknown>) => sql`
    select s.organization_id, sum(${column})::int as count, ${LICENSE_SUMMARY_DAY} as as_of
    from license_summary s
    where ${ofCompany(companyId)} ${where}
    group by s.organization_id`,
  [EXAMPLE_UUID, sql`s.expired`, NO_FRAGMENT],
);

const countedLicensesQuery = rawQuery(
  'customers by licenses counted',
  ROW,
  (companyId: string, counted: RawBuilder<unknown>, where: RawBuilder<unknown>) => sql`
    select l.organization_id, count(*)::int as count
    from licenses l
    where ${licensesOfCompany(companyId)}
      and ${counted} ${where}
    group by l.organization_id`,
  [EXAMPLE_UUID, isExpired(EXAMPLE_DAY), NO_FRAGMENT],
);

/** Devices in a SPEC §4 license state, one state per device as the device tab shows it (predicates.ts). */
async function devicesByLicenseState(
  db: Kysely<DB>,
  companyId: string,
  today: string,
  state: 'expired' | 'expiring',
) {
  // Expired devices need only the licenses past their date: a window ending yesterday reads just those.
  const window = state === 'expired' ? -1 : LICENSE_EXPIRY_WARNING_DAYS;
  const { rows } = await devicesByLicenseStateQuery(companyId, today, window).execute(db);
  return rows.map((row) => ({ organization_id: row.organization_id, count: row[state] }));
}

const devicesByLicenseStateQuery = rawQuery(
  'customers by devices in a license state',
  { organization_id: col.uuid(), expired: col.int4(), expiring: col.int4() },
  (companyId: string, today: string, window: number) =>
    deviceLicenseStates(licensesOfCompany(companyId), today, window),
  [EXAMPLE_UUID, EXAMPLE_DAY, LICENSE_EXPIRY_WARNING_DAYS],
);

/** Open incidents of one alert type ('CATEGORY.ALERT_TYPE'), one category or all ('ALL'). */
async function openIncidents(db: Kysely<DB>, companyId: string, incident: string) {
  const [category, alertType] = incident.split('.') as [AlertCategory | 'ALL', string | undefined];
  const ofCategory = category === 'ALL' ? sql`` : sql`and i.category = ${category}`;
  const ofType = alertType ? sql`and i.alert_type = ${alertType}` : sql``;
  const { rows } = await openIncidentsQuery(companyId, sql`${ofCategory} ${ofType}`).execute(db);
  return rows;
}

const openIncidentsQuery = rawQuery(
  'customers by open incidents',
  ROW,
  (companyId: string, where: RawBuilder<unknown>) => sql`
    select i.organization_id, count(*)::int as count
    from incidents i
    where i.company_id = ${companyId} and i.resolved_at is null ${where}
    group by i.organization_id`,
  [EXAMPLE_UUID, NO_FRAGMENT],
);

function sites(db: Kysely<DB>, companyId: string): Promise<Row[]> {
  return db
    .selectFrom('sites')
    .select((eb) => ['organization_id', eb.fn.countAll<number>().as('count')])
    .where('company_id', '=', companyId)
    .groupBy('organization_id')
    .execute();
}
