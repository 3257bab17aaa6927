import type { Partner, PartnerListParams, PartnerPage, PartnerSort } from '@portal/contracts/partners';
import type { Role } from '@portal/contracts/roles';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { col, EXAMPLE_UUID, type RowOf, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { badRequest } from '../errors.ts';
import { LICENSE_SUMMARY_DAY, refreshLicenseSummary } from '../statistics/summaries.ts';

/**
 * The companies below a partner (issue 16) with figures summed over everything under each of them, read
 * from the summary rows of migration 0005 (device_summary, license_summary, incident_summary) and a few
 * small per-company counts: the cost grows with the number of companies and customers, not devices.
 */

/** Who is asking: their company and its current role (HQ roles see every company). */
export interface PartnerViewer {
  companyId: string;
  role: Role;
}

/** The columns of `figures f` (hierarchyCtes), and the day the license figures count from. */
const PARTNER_COLUMNS = {
  company_id: col.uuid(),
  name: col.text(),
  roles: col.textArray<Role>(),
  region_id: col.text().orNull(),
  region_name: col.text().orNull(),
  parent_company_id: col.uuid().orNull(),
  dealers: col.int4(),
  customers: col.int4(),
  sites: col.int4(),
  devices: col.int4(),
  abnormal: col.int4(),
  open_incidents: col.int4(),
  oldest_open_incident_at: col.timestamptz().orNull(),
  expired: col.int4(),
  expiring30: col.int4(),
  expiring60: col.int4(),
  expiring90: col.int4(),
  unlicensed: col.int4(),
  license_stock: col.int4(),
  /** The company's own office, else its region's default coordinates (SPEC §3); null without either. */
  latitude: col.float8().orNull(),
  longitude: col.float8().orNull(),
};

export type PartnerRow = RowOf<typeof PARTNER_COLUMNS> & { license_day: string };

const isHq = (role: Role) => role === 'hq-pm' || role === 'hq-sales';

/** The companies the viewer sees, for a recursive CTE named `below`. */
const belowOf = (viewer: PartnerViewer) =>
  isHq(viewer.role)
    ? sql`select c.id from companies c where c.id <> ${viewer.companyId}`
    : sql`select c.id from companies c where c.parent_company_id = ${viewer.companyId}
        union
        select c.id from companies c join below b on c.parent_company_id = b.id`;

/**
 * `below(id)`: the companies the viewer sees (HQ: every other company; a region or distributor: the
 * companies below it by parent link); `visible(id)`: those of them to list (one, for a scorecard);
 * `reach(company_id, member_id)`: each visible company with itself and every company below it, whose
 * figures add up to its own.
 */
function hierarchyCtes(viewer: PartnerViewer, only?: string) {
  return sql`
    below (id) as (${belowOf(viewer)}),
    visible (id) as (select b.id from below b ${only ? sql`where b.id = ${only}` : sql``}),
    reach (company_id, member_id) as (
      select v.id, v.id from visible v
      union
      select r.company_id, c.id from reach r join companies c on c.parent_company_id = r.member_id
    ),
    members as (select distinct member_id as id from reach),
    -- Materialized: each company's own figures once, not once per company above it.
    own as materialized (
      select m.id,
        (select count(*) from organizations o where o.company_id = m.id)::int as customers,
        coalesce(p.sites, 0) as sites,
        coalesce(d.total, 0) as devices, coalesce(d.abnormal, 0) as abnormal,
        coalesce(d.unlicensed, 0) as unlicensed,
        coalesce(l.expired, 0) as expired, coalesce(l.within30, 0) as expiring30,
        coalesce(l.within60, 0) as expiring60, coalesce(l.within90, 0) as expiring90,
        coalesce((select sum(i.open) from incident_summary i where i.company_id = m.id), 0)::int as open_incidents,
        (select min(i.started_at) from incidents i
          where i.company_id = m.id and i.resolved_at is null) as oldest_open_incident_at,
        coalesce((select sum(q.quantity) from license_inventory q where q.company_id = m.id), 0)::int
          as license_stock
      from members m
      left join lateral (
        select count(*)::int as sites from sites s where s.company_id = m.id
      ) p on true
      left join lateral (
        select sum(s.total)::int as total, sum(s.abnormal)::int as abnormal, sum(s.unlicensed)::int as unlicensed
        from device_summary s
        where s.organization_id in (select o.id from organizations o where o.company_id = m.id)
      ) d on true
      left join lateral (
        select sum(s.expired)::int as expired, sum(s.within30)::int as within30,
          sum(s.within60)::int as within60, sum(s.within90)::int as within90
        from license_summary s
        where s.organization_id in (select o.id from organizations o where o.company_id = m.id)
      ) l on true
    ),
    figures as (
      select c.id as company_id, c.name, c.roles, c.region_id, g.name as region_name, c.parent_company_id,
        -- The dealers below the company: a dealer's own row counts none (not itself).
        count(*) filter (where coalesce(mc.roles[1], 'dealer') = 'dealer' and mc.id <> c.id)::int as dealers,
        sum(o.customers)::int as customers, sum(o.sites)::int as sites, sum(o.devices)::int as devices,
        sum(o.abnormal)::int as abnormal, sum(o.open_incidents)::int as open_incidents,
        min(o.oldest_open_incident_at) as oldest_open_incident_at,
        sum(o.expired)::int as expired, sum(o.expiring30)::int as expiring30,
        sum(o.expiring60)::int as expiring60, sum(o.expiring90)::int as expiring90,
        sum(o.unlicensed)::int as unlicensed, sum(o.license_stock)::int as license_stock,
        -- Where the company is, not where its customers are (issue 23): the mean of the sites put a
        -- Los Angeles dealer in Oklahoma. Its office, else its region's default coordinates.
        coalesce(c.latitude, g.latitude) as latitude,
        case when c.latitude is null then g.longitude else c.longitude end as longitude
      from reach r
      join companies c on c.id = r.company_id
      join companies mc on mc.id = r.member_id
      join own o on o.id = r.member_id
      left join regions g on g.id = c.region_id
      group by c.id, g.name, g.latitude, g.longitude
    )`;
}

/** Each sort's key over `figures f`; nulls become a value that sorts them last ascending. */
const SORT_KEYS: Record<PartnerSort, { key: RawBuilder<unknown>; cast: RawBuilder<unknown> }> = {
  name: { key: sql`lower(f.name)`, cast: sql`text` },
  customers: { key: sql`f.customers`, cast: sql`bigint` },
  devices: { key: sql`f.devices`, cast: sql`bigint` },
  healthyPercent: {
    key: sql`coalesce(round(100.0 * (f.devices - f.abnormal) / nullif(f.devices, 0), 1), 1000)`,
    cast: sql`numeric`,
  },
  openIncidents: { key: sql`f.open_incidents`, cast: sql`bigint` },
  oldestOpenIncidentAt: { key: sql`coalesce(f.oldest_open_incident_at, 'infinity')`, cast: sql`timestamptz` },
  expired: { key: sql`f.expired`, cast: sql`bigint` },
  expiring30: { key: sql`f.expiring30`, cast: sql`bigint` },
  unlicensedDevices: { key: sql`f.unlicensed`, cast: sql`bigint` },
  licenseStock: { key: sql`f.license_stock`, cast: sql`bigint` },
};

const CURSOR_PREFIX = 'p1:';

function encodeCursor(sortKey: string, companyId: string): string {
  return Buffer.from(CURSOR_PREFIX + JSON.stringify([sortKey, companyId])).toString('base64url');
}

function decodeCursor(cursor: string | undefined): [string, string] | undefined {
  if (!cursor) return undefined;
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  try {
    const value: unknown = text.startsWith(CURSOR_PREFIX)
      ? JSON.parse(text.slice(CURSOR_PREFIX.length))
      : null;
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string'))
      return value as [string, string];
  } catch {
    // falls through to the 400
  }
  throw badRequest('Invalid cursor: pass back the next_cursor of the previous page.');
}

/**
 * The recursive hierarchy makes PostgreSQL's row estimates (and so its cost) huge, which switches on JIT
 * compilation: 3 s of compiling for a statement that runs in 20 ms (bench/partners.ts). Off for this one.
 */
export async function withoutJit<T>(db: Kysely<DB>, read: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return read(trx);
  });
}

/** The license figures count from the summary's day: the first reading of a new day recomputes them. */
async function withTodaysLicenses<T extends { license_day: string }>(
  db: Kysely<DB>,
  today: string,
  read: (trx: Transaction<DB>) => Promise<T[]>,
): Promise<T[]> {
  const rows = await withoutJit(db, read);
  if (rows.length > 0 && rows[0]!.license_day < today) {
    await refreshLicenseSummary(db, today);
    return withoutJit(db, read);
  }
  return rows;
}

export function toPartner(row: PartnerRow): Partner {
  return {
    companyId: row.company_id,
    name: row.name,
    roles: row.roles,
    region: row.region_id ? { id: row.region_id, name: row.region_name ?? row.region_id } : null,
    parentCompanyId: row.parent_company_id,
    dealers: row.dealers,
    customers: row.customers,
    sites: row.sites,
    devices: row.devices,
    healthyPercent: healthyPercent(row.devices, row.abnormal),
    openIncidents: row.open_incidents,
    oldestOpenIncidentAt: row.oldest_open_incident_at?.toISOString() ?? null,
    licenses: {
      expired: row.expired,
      expiring30: row.expiring30,
      expiring60: row.expiring60,
      expiring90: row.expiring90,
    },
    unlicensedDevices: row.unlicensed,
    licenseStock: row.license_stock,
    location:
      row.latitude === null || row.longitude === null
        ? null
        : { latitude: Number(row.latitude), longitude: Number(row.longitude) },
  };
}

export const healthyPercent = (devices: number, abnormal: number) =>
  devices === 0 ? null : Math.round((1000 * (devices - abnormal)) / devices) / 10;

/** One page of the companies below the viewer, searched, filtered and sorted. */
export async function listPartners(
  db: Kysely<DB>,
  viewer: PartnerViewer,
  query: PartnerListParams,
  today: string,
): Promise<PartnerPage> {
  const { sort, order, limit } = query;
  const { key, cast } = SORT_KEYS[sort];
  const after = decodeCursor(query.cursor);
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  const beyond = order === 'desc' ? sql`<` : sql`>`;
  const filters = [sql`true`];
  if (query.q) filters.push(sql`f.name ilike ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (query.role) filters.push(sql`${query.role} = any(f.roles)`);
  if (query.region) filters.push(sql`f.region_id = ${query.region}`);
  if (after) filters.push(sql`(${key}, f.company_id::text) ${beyond} (${after[0]}::${cast}, ${after[1]})`);

  const rows = await withTodaysLicenses(db, today, async (trx) => {
    const order = sql`${key} ${direction}, f.company_id::text ${direction}`;
    const { rows } = await partnersQuery(
      viewer,
      key,
      sql.join(filters, sql` and `),
      order,
      limit + 1,
    ).execute(trx);
    return rows;
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toPartner),
    next_cursor: rows.length > limit && last ? encodeCursor(last.sort_key, last.company_id) : null,
    regions: await partnerRegions(db, viewer),
  };
}

const EXAMPLE_VIEWER: PartnerViewer = { companyId: EXAMPLE_UUID, role: 'region' };

const partnersQuery = rawQuery(
  'partners below a viewer, one page',
  { ...PARTNER_COLUMNS, sort_key: col.text(), license_day: col.text() },
  (
    viewer: PartnerViewer,
    key: RawBuilder<unknown>,
    where: RawBuilder<unknown>,
    order: RawBuilder<unknown>,
    limit: number,
  ) => sql`
      with recursive ${hierarchyCtes(viewer)}
      select f.*, ${key}::text as sort_key, ${LICENSE_SUMMARY_DAY} as license_day
      from figures f
      where ${where}
      order by ${order}
      limit ${limit}`,
  [EXAMPLE_VIEWER, SORT_KEYS.name.key, sql`true`, SORT_KEYS.name.key, 1],
);

const partnerRegionsQuery = rawQuery(
  'regions of the partners below a viewer',
  { id: col.text(), name: col.text() },
  (viewer: PartnerViewer) => sql`
    with recursive below (id) as (${belowOf(viewer)})
    select distinct r.id, r.name from below b
    join companies c on c.id = b.id
    join regions r on r.id = c.region_id
    order by r.name`,
  [EXAMPLE_VIEWER],
);

/** The regions of the companies below the viewer, whatever the page and filters (the region filter's choices). */
async function partnerRegions(db: Kysely<DB>, viewer: PartnerViewer) {
  const { rows } = await partnerRegionsQuery(viewer).execute(db);
  return rows;
}

const partnerFiguresQuery = rawQuery(
  'one partner below a viewer',
  { ...PARTNER_COLUMNS, license_day: col.text() },
  (viewer: PartnerViewer, companyId: string) => sql`
      with recursive ${hierarchyCtes(viewer, companyId)}
      select f.*, ${LICENSE_SUMMARY_DAY} as license_day from figures f
      where f.company_id = ${companyId}`,
  [EXAMPLE_VIEWER, EXAMPLE_UUID],
);

/** One company below the viewer with its figures; undefined when it is not below the viewer. */
export async function partnerFigures(
  db: Kysely<DB>,
  viewer: PartnerViewer,
  companyId: string,
  today: string,
): Promise<PartnerRow | undefined> {
  const rows = await withTodaysLicenses(db, today, async (trx) => {
    const { rows } = await partnerFiguresQuery(viewer, companyId).execute(trx);
    return rows;
  });
  return rows[0];
}
