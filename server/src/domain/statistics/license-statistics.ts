import type { DeviceType } from '@portal/contracts/devices';
import type { LicenseStatistics } from '@portal/contracts/organizations';
import { type Kysely, sql } from 'kysely';
import { col, EXAMPLE_UUID, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { IS_UNLICENSED } from './predicates.ts';

const unlicensedDevicesQuery = rawQuery(
  'unlicensed devices of an organization by site',
  {
    site_id: col.uuid(),
    site_name: col.text(),
    id: col.text(),
    name: col.text(),
    type: col.text<DeviceType>(),
  },
  (organizationId: string) => sql`
      select s.id as site_id, s.name as site_name, d.id, d.name, d.device_type as type
      from devices d
      join sites s on s.id = d.site_id
      where d.organization_id = ${organizationId} and ${IS_UNLICENSED}
      order by s.name, s.id, d.name, d.id`,
  [EXAMPLE_UUID],
);

/** SPEC §3 Organization license statistics: licenses by type, retention and expiry; unlicensed devices by site. */
export async function organizationLicenseStatistics(
  db: Kysely<DB>,
  organizationId: string,
): Promise<LicenseStatistics> {
  const [groups, unlicensed] = await Promise.all([
    db
      .selectFrom('licenses')
      .select((eb) => [
        'type',
        'retention_days as retention',
        'expiration_date',
        eb.fn.countAll<number>().as('quantity'),
      ])
      .where('organization_id', '=', organizationId)
      .groupBy(['type', 'retention_days', 'expiration_date'])
      .orderBy('type')
      .orderBy('expiration_date')
      .orderBy('retention_days', (ob) => ob.nullsFirst())
      .execute(),
    unlicensedDevicesQuery(organizationId).execute(db),
  ]);

  const items: LicenseStatistics['items'] = [];
  for (const row of groups) {
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
