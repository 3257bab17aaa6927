import type { OrganizationListItem } from '@portal/contracts/organizations';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.ts';
import { DEVICE_ABNORMAL, expiresWithin, IS_UNLICENSED, isExpired } from './predicates.ts';

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
  const { rows } = await sql<SummaryRow>`
    select o.id, o.name, o.reference,
      coalesce(st.site_count, 0) as site_count,
      coalesce(dv.total, 0) as device_total,
      coalesce(dv.offline, 0) as device_offline,
      coalesce(dv.abnormal, 0) as device_abnormal,
      coalesce(dv.unlicensed, 0) as unlicensed,
      coalesce(lc.expired, 0) as expired,
      coalesce(lc.expire_soon, 0) as expire_soon
    from organizations o
    left join (
      select s.organization_id, count(*) as site_count
      from sites s where s.company_id = ${companyId}
      group by s.organization_id
    ) st on st.organization_id = o.id
    left join (
      select d.organization_id, count(*) as total,
        count(*) filter (where d.offline) as offline,
        count(*) filter (where ${DEVICE_ABNORMAL}) as abnormal,
        count(*) filter (where ${IS_UNLICENSED}) as unlicensed
      from devices d where d.company_id = ${companyId}
      group by d.organization_id
    ) dv on dv.organization_id = o.id
    left join (
      select l.organization_id,
        count(*) filter (where ${isExpired(today)}) as expired,
        count(*) filter (where ${expiresWithin(today, 30)}) as expire_soon
      from licenses l
      where l.organization_id in (select id from organizations where company_id = ${companyId})
      group by l.organization_id
    ) lc on lc.organization_id = o.id
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
