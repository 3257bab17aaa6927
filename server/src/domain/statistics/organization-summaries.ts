import type { OrganizationListItem } from '@portal/contracts/organizations';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { expiresWithin, isExpired } from './predicates.ts';
import { LICENSE_SUMMARY_DAY, ofCompany, withLicenseDay } from './summaries.ts';

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
 * The customer list of one dealer, each customer with its license state and device health: the summary
 * rows of migration 0005 (device_summary, license_summary) and a site count, joined to the organizations;
 * `search` matches the name or the reference.
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
  const query = (licenses: ReturnType<typeof sql>) => sql<SummaryRow & { as_of: string | null }>`
    with st as materialized (
      select s.organization_id, count(*) as site_count
      from sites s where s.company_id = ${companyId}
      group by s.organization_id
    ), dv as materialized (
      select s.organization_id, sum(s.total)::int as total, sum(s.offline)::int as offline,
        sum(s.abnormal)::int as abnormal, sum(s.unlicensed)::int as unlicensed
      from device_summary s
      where ${ofCompany(companyId)}
      group by s.organization_id
    ), lc as materialized (${licenses})
    select o.id, o.name, o.reference,
      coalesce(st.site_count, 0) as site_count,
      coalesce(dv.total, 0) as device_total,
      coalesce(dv.offline, 0) as device_offline,
      coalesce(dv.abnormal, 0) as device_abnormal,
      coalesce(dv.unlicensed, 0) as unlicensed,
      coalesce(lc.expired, 0) as expired,
      coalesce(lc.expire_soon, 0) as expire_soon,
      ${LICENSE_SUMMARY_DAY} as as_of
    from organizations o
    left join st on st.organization_id = o.id
    left join dv on dv.organization_id = o.id
    left join lc on lc.organization_id = o.id
    where o.company_id = ${companyId} ${matches}
    order by lower(o.name), o.id`;

  const rows = await withLicenseDay(
    db,
    today,
    async () => {
      const { rows } = await query(sql`
        select s.organization_id, sum(s.expired)::int as expired, sum(s.within30)::int as expire_soon
        from license_summary s
        where ${ofCompany(companyId)}
        group by s.organization_id`).execute(db);
      // No customer, no day to compare: nothing of the summary was used.
      return { asOf: rows[0]?.as_of ?? today, value: rows };
    },
    async () =>
      (
        await query(sql`
          select l.organization_id,
            count(*) filter (where ${isExpired(today)})::int as expired,
            count(*) filter (where ${expiresWithin(today, 30)})::int as expire_soon
          from licenses l
          where l.organization_id in (select id from organizations where company_id = ${companyId})
          group by l.organization_id`).execute(db)
      ).rows,
  );

  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    reference: row.reference,
    siteCount: row.site_count,
    license: { expired: row.expired, expireSoon: row.expire_soon, unlicensed: row.unlicensed },
    devices: { total: row.device_total, offline: row.device_offline, abnormal: row.device_abnormal },
  }));
}
