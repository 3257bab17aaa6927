import { LICENSE_EXPIRY_WARNING_DAYS } from '@portal/contracts/licenses';
import type { OrganizationListItem } from '@portal/contracts/organizations';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { col, EXAMPLE_DAY, EXAMPLE_UUID, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { deviceLicenseStates } from './predicates.ts';
import { licensesOfCompany, ofCompany } from './summaries.ts';

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The customer list of one dealer, each customer with its license state and device health: the device
 * summary rows of migration 0005 (device_summary), a site count and the devices in each license state,
 * joined to the organizations; `search` matches the name or the reference. The license states count
 * devices, one state per device, as the dashboard's follow-up table and the device tab's license filter
 * do, so a card's "Expired" is the number of devices that filter lists.
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
  const { rows } = await summariesQuery(companyId, today, matches).execute(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    reference: row.reference,
    siteCount: row.site_count,
    license: { expired: row.expired, expireSoon: row.expire_soon, unlicensed: row.unlicensed },
    devices: { total: row.device_total, offline: row.device_offline, abnormal: row.device_abnormal },
  }));
}

const summariesQuery = rawQuery(
  'customer list with license state and device health',
  {
    id: col.uuid(),
    name: col.text(),
    reference: col.text(),
    site_count: col.int8(),
    device_total: col.int4(),
    device_offline: col.int4(),
    device_abnormal: col.int4(),
    unlicensed: col.int4(),
    expired: col.int4(),
    expire_soon: col.int4(),
  },
  (companyId: string, today: string, matches: RawBuilder<unknown>) => sql`
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
    ), lc as materialized (
      ${deviceLicenseStates(licensesOfCompany(companyId), today, LICENSE_EXPIRY_WARNING_DAYS)}
    )
    select o.id, o.name, o.reference,
      coalesce(st.site_count, 0) as site_count,
      coalesce(dv.total, 0) as device_total,
      coalesce(dv.offline, 0) as device_offline,
      coalesce(dv.abnormal, 0) as device_abnormal,
      coalesce(dv.unlicensed, 0) as unlicensed,
      coalesce(lc.expired, 0) as expired,
      coalesce(lc.expiring, 0) as expire_soon
    from organizations o
    left join st on st.organization_id = o.id
    left join dv on dv.organization_id = o.id
    left join lc on lc.organization_id = o.id
    where o.company_id = ${companyId} ${matches}
    order by lower(o.name), o.id`,
  [EXAMPLE_UUID, EXAMPLE_DAY, sql``],
);
