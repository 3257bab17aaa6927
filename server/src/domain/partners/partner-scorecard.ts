import { LICENSE_EXPIRY_WARNING_DAYS } from '@portal/contracts/licenses';
import type { PartnerScorecard } from '@portal/contracts/partners';
import { type Kysely, sql } from 'kysely';
import { col, EXAMPLE_DAY, EXAMPLE_UUID, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { notFound } from '../errors.ts';
import { deviceLicenseStates } from '../statistics/predicates.ts';
import {
  healthyPercent,
  type PartnerViewer,
  partnerFigures,
  toPartner,
  withoutJit,
} from './partner-figures.ts';

/** How many customers a scorecard lists, those with the most open incidents first. */
const MAX_CUSTOMERS = 100;

/** The company and every company below it, as a recursive CTE `below`. */
const below = (companyId: string) => sql`
    with recursive below (id) as (
      select ${companyId}::uuid
      union
      select c.id from companies c join below b on c.parent_company_id = b.id
    )`;

const categoriesQuery = rawQuery(
  'partner scorecard by category',
  {
    category: col.text<PartnerScorecard['byCategory'][number]['category']>(),
    open_incidents: col.int4(),
    abnormal: col.int4(),
  },
  (companyId: string, today: string) => sql`
      ${below(companyId)},
      license_states as (
        ${deviceLicenseStates(
          sql`l.organization_id in (select o.id from organizations o where o.company_id in (select id from below))`,
          today,
          LICENSE_EXPIRY_WARNING_DAYS,
        )}
      ),
      devices as (
        select coalesce(sum(s.camera_abnormal), 0)::int as camera, coalesce(sum(s.server_abnormal), 0)::int as server,
          coalesce(sum(s.server_login_failed + s.server_network_session_high), 0)::int as cyber,
          -- Without a license, or holding one expired or expiring: the devices of the License incidents.
          coalesce(sum(s.unlicensed), 0)::int
            + (select coalesce(sum(e.expired + e.expiring), 0)::int from license_states e) as license
        from device_summary s
        where s.organization_id in (select o.id from organizations o where o.company_id in (select id from below))
      ),
      incidents as (
        select i.category, sum(i.open)::int as open from incident_summary i
        where i.company_id in (select id from below) group by i.category
      )
      select c.category, coalesce(i.open, 0) as open_incidents,
        case c.category when 'CAMERA' then d.camera when 'SERVER' then d.server
          when 'CYBER' then d.cyber else d.license end as abnormal
      from (values ('CAMERA', 1), ('SERVER', 2), ('CYBER', 3), ('LICENSE', 4)) c (category, position)
      cross join devices d
      left join incidents i on i.category = c.category
      order by c.position`,
  [EXAMPLE_UUID, EXAMPLE_DAY],
);

const customersQuery = rawQuery(
  'partner scorecard customers with the most trouble',
  {
    organization_id: col.uuid(),
    name: col.text(),
    dealer_id: col.uuid(),
    dealer_name: col.text(),
    devices: col.int4(),
    abnormal: col.int4(),
    open_incidents: col.int4(),
    expired: col.int4(),
    expiring30: col.int4(),
    expiring60: col.int4(),
    expiring90: col.int4(),
  },
  (companyId: string, limit: number) => sql`
      ${below(companyId)},
      open_by_customer as (
        select i.organization_id, count(*)::int as open from incidents i
        where i.company_id in (select id from below) and i.resolved_at is null
        group by i.organization_id
      )
      select o.id as organization_id, o.name, c.id as dealer_id, c.name as dealer_name,
        coalesce(d.total, 0) as devices, coalesce(d.abnormal, 0) as abnormal,
        coalesce(n.open, 0) as open_incidents,
        coalesce(l.expired, 0) as expired, coalesce(l.within30, 0) as expiring30,
        coalesce(l.within60, 0) as expiring60, coalesce(l.within90, 0) as expiring90
      from organizations o
      join companies c on c.id = o.company_id
      left join open_by_customer n on n.organization_id = o.id
      left join lateral (
        select sum(s.total)::int as total, sum(s.abnormal)::int as abnormal
        from device_summary s where s.organization_id = o.id
      ) d on true
      left join lateral (
        select sum(s.expired)::int as expired, sum(s.within30)::int as within30,
          sum(s.within60)::int as within60, sum(s.within90)::int as within90
        from license_summary s where s.organization_id = o.id
      ) l on true
      where o.company_id in (select id from below)
      order by coalesce(n.open, 0) desc, coalesce(d.abnormal, 0) desc, o.name, o.id
      limit ${limit}`,
  [EXAMPLE_UUID, 1],
);

/**
 * One company below the viewer (issue 16): its figures, open incidents and abnormal devices by category, and
 * the customers under it with the most trouble. A company outside the viewer's hierarchy is 404.
 */
export async function partnerScorecard(
  db: Kysely<DB>,
  viewer: PartnerViewer,
  companyId: string,
  today: string,
): Promise<PartnerScorecard> {
  const row = await partnerFigures(db, viewer, companyId, today);
  if (!row) throw notFound('Partner not found');

  const [categories, customers] = await withoutJit(db, (trx) =>
    Promise.all([
      categoriesQuery(companyId, today).execute(trx),
      customersQuery(companyId, MAX_CUSTOMERS).execute(trx),
    ]),
  );

  return {
    ...toPartner(row),
    byCategory: categories.rows.map((c) => ({
      category: c.category,
      openIncidents: c.open_incidents,
      abnormalDevices: c.abnormal,
    })),
    byCustomer: customers.rows.map((c) => ({
      organizationId: c.organization_id,
      name: c.name,
      dealerId: c.dealer_id,
      dealerName: c.dealer_name,
      devices: c.devices,
      healthyPercent: healthyPercent(c.devices, c.abnormal),
      openIncidents: c.open_incidents,
      licenses: {
        expired: c.expired,
        expiring30: c.expiring30,
        expiring60: c.expiring60,
        expiring90: c.expiring90,
      },
    })),
  };
}
