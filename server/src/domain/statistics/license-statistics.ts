import type { DeviceType } from '@portal/contracts/devices';
import type { LicenseType } from '@portal/contracts/licenses';
import type { LicenseStatistics } from '@portal/contracts/organizations';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { IS_UNLICENSED } from './predicates.ts';

/** SPEC §3 Organization license statistics: licenses by type, retention and expiry; unlicensed devices by site. */
export async function organizationLicenseStatistics(
  db: Kysely<DB>,
  organizationId: string,
): Promise<LicenseStatistics> {
  const [groups, unlicensed] = await Promise.all([
    sql<{ type: LicenseType; retention: number | null; expiration_date: string; quantity: number }>`
      select l.type, l.retention_days as retention, l.expiration_date, count(*) as quantity
      from licenses l
      where l.organization_id = ${organizationId}
      group by l.type, l.retention_days, l.expiration_date
      order by l.type, l.expiration_date, l.retention_days nulls first`.execute(db),
    sql<{ site_id: string; site_name: string; id: string; name: string; type: DeviceType }>`
      select s.id as site_id, s.name as site_name, d.id, d.name, d.device_type as type
      from devices d
      join sites s on s.id = d.site_id
      where d.organization_id = ${organizationId} and ${IS_UNLICENSED}
      order by s.name, s.id, d.name, d.id`.execute(db),
  ]);

  const items: LicenseStatistics['items'] = [];
  for (const row of groups.rows) {
    let item = items.find((candidate) => candidate.type === row.type);
    if (!item) {
      // Rows come in expiry order, so the first one of a type carries its earliest expiration date.
      item = { type: row.type, expirationDate: row.expiration_date, quantity: 0, items: [] };
      items.push(item);
    }
    item.quantity += row.quantity;
    item.items.push({
      retention: row.retention,
      quantity: row.quantity,
      expirationDate: row.expiration_date,
    });
  }

  const sites: LicenseStatistics['unlicensed']['sites'] = [];
  for (const row of unlicensed.rows) {
    let site = sites.at(-1);
    if (site?.id !== row.site_id) {
      site = { id: row.site_id, name: row.site_name, devices: [] };
      sites.push(site);
    }
    site.devices.push({ id: row.id, name: row.name, type: row.type });
  }
  return { unlicensed: { quantity: unlicensed.rows.length, sites }, items };
}
