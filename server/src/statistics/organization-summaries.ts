import type { OrganizationListItem } from '@portal/contracts/organizations';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.ts';
import { DEVICE_ABNORMAL, expiresWithin, IS_LICENSABLE, isExpired } from './predicates.ts';

interface SummaryRow {
  id: string;
  name: string;
  reference: string;
  site_count: number;
  device_total: number;
  device_offline: number;
  device_abnormal: number;
  unlicensed: number;
  expired: number;
  expire_soon: number;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The customer list of one dealer, each customer with its license state and device health, from three
 * grouped aggregates joined to the organizations; `search` matches the name or the reference.
 */
export async function organizationSummaries(
  db: Kysely<DB>,
  companyId: string,
  today: string,
  search?: string,
): Promise<OrganizationListItem[]> {
  const term = search?.trim();
  const matches = term
    ? sql`and (lower(o.name) like ${likePattern(term)} or lower(o.reference) like ${likePattern(term)})`
    : sql``;
  // Each aggregate is computed once (materialized) and joined by organization id; without this a
  // planner short of statistics may re-run an aggregate per customer.
  const { rows } = await sql<SummaryRow>`
    with st as materialized (
      select s.organization_id, count(*) as site_count
      from sites s where s.company_id = ${companyId}
      group by s.organization_id
    ), licensed as materialized (
      select distinct l.device_id from licenses l
      where l.device_id is not null
        and l.organization_id in (select id from organizations where company_id = ${companyId})
    ), dv as materialized (
      select d.organization_id, count(*) as total,
        count(*) filter (where d.offline) as offline,
        count(*) filter (where ${DEVICE_ABNORMAL}) as abnormal,
        count(*) filter (where ${IS_LICENSABLE} and licensed.device_id is null) as unlicensed
      from devices d left join licensed on licensed.device_id = d.id
      where d.company_id = ${companyId}
      group by d.organization_id
    ), lc as materialized (
      select l.organization_id,
        count(*) filter (where ${isExpired(today)}) as expired,
        count(*) filter (where ${expiresWithin(today, 30)}) as expire_soon
      from licenses l
      where l.organization_id in (select id from organizations where company_id = ${companyId})
      group by l.organization_id
    )
    select o.id, o.name, o.reference,
      coalesce(st.site_count, 0) as site_count,
      coalesce(dv.total, 0) as device_total,
      coalesce(dv.offline, 0) as device_offline,
      coalesce(dv.abnormal, 0) as device_abnormal,
      coalesce(dv.unlicensed, 0) as unlicensed,
      coalesce(lc.expired, 0) as expired,
      coalesce(lc.expire_soon, 0) as expire_soon
    from organizations o
    left join st on st.organization_id = o.id
    left join dv on dv.organization_id = o.id
    left join lc on lc.organization_id = o.id
    where o.company_id = ${companyId} ${matches}
    order by lower(o.name), o.id`.execute(db);

  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    reference: row.reference,
    siteCount: row.site_count,
    license: { expired: row.expired, expireSoon: row.expire_soon, unlicensed: row.unlicensed },
    devices: { total: row.device_total, offline: row.device_offline, abnormal: row.device_abnormal },
  }));
}
