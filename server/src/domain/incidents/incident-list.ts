import type { Incident, IncidentDetail, IncidentListQuery, IncidentPage } from '@portal/contracts/incidents';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { col, EXAMPLE_UUID, type RowOf, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { badRequest, notFound } from '../errors.ts';
import { keysetPage } from '../keyset-page.ts';

/** The columns of SELECT. */
const INCIDENT_COLUMNS = {
  id: col.int8(),
  organization_id: col.uuid(),
  organization_name: col.text(),
  site_id: col.uuid().orNull(),
  site_name: col.text().orNull(),
  device_id: col.text().orNull(),
  device_name: col.text().orNull(),
  device_type: col.text<NonNullable<Incident['deviceType']>>().orNull(),
  category: col.text<Incident['category']>(),
  alert_type: col.text(),
  started_at: col.timestamptz(),
  resolved_at: col.timestamptz().orNull(),
  acknowledged_at: col.timestamptz().orNull(),
  acknowledged_by: col.text().orNull(),
  affected_devices: col.int4(),
  muted_until: col.timestamptz().orNull(),
};
type IncidentRow = RowOf<typeof INCIDENT_COLUMNS>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toIncident(row: IncidentRow): Incident {
  return {
    id: String(row.id),
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    siteId: row.site_id,
    siteName: row.site_name,
    deviceId: row.device_id,
    deviceName: row.device_name,
    deviceType: row.device_type,
    category: row.category,
    type: row.alert_type,
    startedAt: new Date(row.started_at).toISOString(),
    resolvedAt: iso(row.resolved_at),
    acknowledgedAt: iso(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
    affectedDevices: row.affected_devices,
    mutedUntil: row.muted_until && new Date(row.muted_until) > new Date() ? iso(row.muted_until) : null,
  };
}

const SELECT = sql`
  select i.id, i.organization_id, o.name as organization_name, i.site_id, s.name as site_name, i.device_id,
    d.name as device_name, d.device_type, i.category, i.alert_type, i.started_at, i.resolved_at,
    i.acknowledged_at, coalesce(nullif(coalesce(nullif(u.name, ''), u.email), ''), ak.name) as acknowledged_by,
    i.affected_devices,
    d.muted_until
  from incidents i
  join organizations o on o.id = i.organization_id
  left join sites s on s.id = i.site_id
  left join devices d on d.id = i.device_id
  left join users u on u.id = i.acknowledged_by_user_id
  left join api_keys ak on ak.id = i.acknowledged_by_api_key_id`;

const incidentPageQuery = rawQuery(
  'incidents of a company, one page',
  INCIDENT_COLUMNS,
  (where: RawBuilder<unknown>, limit: number) => sql`${SELECT}
      where ${where}
      order by i.started_at desc, i.id desc
      limit ${limit}`,
  [sql`i.company_id = ${EXAMPLE_UUID}`, 1],
);

const incidentCountQuery = rawQuery(
  'incidents of a company, counted',
  { n: col.int4() },
  (where: RawBuilder<unknown>) => sql`select count(*)::int as n from incidents i where ${where}`,
  [sql`i.company_id = ${EXAMPLE_UUID}`],
);

const incidentQuery = rawQuery(
  'one incident of a company',
  INCIDENT_COLUMNS,
  (companyId: string, id: string) =>
    sql`${SELECT} where i.id = ${id}::bigint and i.company_id = ${companyId}`,
  [EXAMPLE_UUID, '1'],
);

const incidentEventsQuery = rawQuery(
  'timeline of an incident',
  {
    at: col.timestamptz(),
    kind: col.text<IncidentDetail['events'][number]['kind']>(),
    by: col.text().orNull(),
  },
  (id: string) => sql`
    select e.at, e.kind, coalesce(nullif(coalesce(nullif(u.name, ''), u.email), ''), ak.name) as by
    from incident_events e left join users u on u.id = e.user_id left join api_keys ak on ak.id = e.api_key_id
    where e.incident_id = ${id}::bigint
    order by e.at, e.id`,
  ['1'],
);

/** Keyset cursor: the last item's start time and id. */
const encodeCursor = (row: IncidentRow) =>
  Buffer.from(`${new Date(row.started_at).toISOString()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { startedAt: string; id: string } {
  const [startedAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!startedAt || !id || Number.isNaN(Date.parse(startedAt)) || !/^[0-9]{1,18}$/.test(id))
    throw badRequest('cursor: Invalid cursor');
  return { startedAt, id };
}

/** A company's incidents, newest first, filtered (issue 14 item 8); the caller's company only. */
export async function listIncidents(
  db: Kysely<DB>,
  companyId: string,
  query: IncidentListQuery & { limit: number },
): Promise<IncidentPage> {
  const where = [sql`i.company_id = ${companyId}`];
  if (query.state === 'open') where.push(sql`i.resolved_at is null`);
  if (query.state === 'resolved') where.push(sql`i.resolved_at is not null`);
  if (query.category) where.push(sql`i.category = ${query.category}`);
  if (query.type) where.push(sql`i.alert_type = ${query.type}`);
  if (query.organizationId) where.push(sql`i.organization_id = ${query.organizationId}`);
  if (query.deviceId) where.push(sql`i.device_id = ${query.deviceId}`);
  if (query.since) where.push(sql`i.started_at >= ${query.since}::timestamptz`);
  const filtered = sql.join(where, sql` and `);
  const page = [...where];
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    page.push(sql`(i.started_at, i.id) < (${after.startedAt}::timestamptz, ${after.id}::bigint)`);
  }
  const [rows, total] = await Promise.all([
    incidentPageQuery(sql.join(page, sql` and `), query.limit + 1).execute(db),
    // The total for the filters, once per list: on the first page only (a later page answers null).
    query.cursor ? undefined : countIncidents(db, filtered),
  ]);
  return { ...keysetPage(rows.rows, query.limit, toIncident, encodeCursor), total: total ?? null };
}

/**
 * How many incidents match: the incidents table alone (each incident has its organization), which the
 * company's indexes answer: open ones from the partial incidents_company_open_idx, all of them from
 * incidents_company_started_idx (bench/README.md, "Incident list total").
 */
async function countIncidents(db: Kysely<DB>, where: RawBuilder<unknown>): Promise<number> {
  const { rows } = await incidentCountQuery(where).execute(db);
  return rows[0]?.n ?? 0;
}

/** One incident of the company with its timeline; another company's is not found. */
export async function incidentDetail(db: Kysely<DB>, companyId: string, id: string): Promise<IncidentDetail> {
  const row = await incidentQuery(companyId, id).execute(db);
  const incident = row.rows[0];
  if (!incident) throw notFound('Incident not found');
  const events = await incidentEventsQuery(id).execute(db);
  return {
    ...toIncident(incident),
    events: events.rows.map((event) => ({
      at: new Date(event.at).toISOString(),
      kind: event.kind,
      by: event.by,
    })),
  };
}
