import type { DeviceState, DeviceType } from '@portal/contracts/devices';
import type { PartnerDevice, PartnerDeviceQuery } from '@portal/contracts/partner-api';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { STATUS_COLUMNS } from '../devices/site-devices.ts';
import { badRequest } from '../errors.ts';
import { keysetPage } from '../keyset-page.ts';

interface DeviceRow {
  id: string;
  organization_id: string;
  site_id: string;
  name: string;
  device_type: DeviceType;
  device_category: PartnerDevice['category'];
  platform: PartnerDevice['platform'];
  state: DeviceState | null;
  server_id: string | null;
  model_name: string;
  firmware_version: string;
  mac_addresses: string[];
  ip_addresses: string[];
  last_online_at: Date | null;
  muted_until: Date | null;
  /** updated_at exactly (microseconds), for the cursor. */
  updated_at: string;
  flags: string[];
}

const FLAGS = sql`array_remove(array[${sql.join(
  Object.entries(STATUS_COLUMNS).map(
    ([flag, column]) => sql`case when ${sql.ref(`d.${column}`)} then ${sql.lit(flag)} end`,
  ),
)}], null)`;

/** Keyset cursor: the last item's updated_at (exact text) and id. */
const encodeCursor = (row: DeviceRow) => Buffer.from(`d1|${row.updated_at}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { updatedAt: string; id: string } {
  const [version, updatedAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    version !== 'd1' ||
    !updatedAt ||
    Number.isNaN(Date.parse(updatedAt)) ||
    !/^[A-Za-z0-9]{1,64}$/.test(id ?? '')
  )
    throw badRequest('Invalid cursor: pass back the next_cursor of the previous page.');
  return { updatedAt, id: id as string };
}

/**
 * The company's devices, least recently changed first: a sync loop pages through everything changed since
 * its last run (`updatedSince`), and a device changed while it pages moves behind the cursor, so it is
 * read again rather than missed (devices_company_updated_idx).
 */
export async function listDevices(db: Kysely<DB>, companyId: string, query: PartnerDeviceQuery) {
  const where = [sql`d.company_id = ${companyId}`];
  if (query.customerId) where.push(sql`d.organization_id = ${query.customerId}`);
  if (query.type) where.push(sql`d.device_type = ${query.type}`);
  if (query.state === 'IDLE') where.push(sql`d.state is null`);
  else if (query.state) where.push(sql`d.state = ${query.state}`);
  if (query.updatedSince) where.push(sql`d.updated_at >= ${query.updatedSince}::timestamptz`);
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    where.push(sql`(d.updated_at, d.id) > (${after.updatedAt}::timestamptz, ${after.id})`);
  }
  const { rows } = await sql<DeviceRow>`
    select d.id, d.organization_id, d.site_id, d.name, d.device_type, d.device_category, d.platform, d.state,
      coalesce(d.parent_device_id, d.service_id) as server_id, d.model_name, d.firmware_version,
      d.mac_addresses, d.ip_addresses, d.last_online_at, d.muted_until,
      to_json(d.updated_at)#>>'{}' as updated_at, ${FLAGS} as flags
    from devices d
    where ${sql.join(where, sql` and `)}
    order by d.updated_at, d.id
    limit ${query.limit + 1}`.execute(db);
  return keysetPage(rows, query.limit, toDevice, encodeCursor);
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toDevice(row: DeviceRow): PartnerDevice {
  return {
    id: row.id,
    customerId: row.organization_id,
    siteId: row.site_id,
    name: row.name,
    type: row.device_type,
    category: row.device_category,
    platform: row.platform,
    state: row.state ?? 'IDLE',
    serverId: row.server_id,
    modelName: row.model_name,
    firmwareVersion: row.firmware_version,
    macAddresses: row.mac_addresses,
    ipAddresses: row.ip_addresses,
    lastOnlineAt: iso(row.last_online_at),
    flags: row.flags,
    mutedUntil: row.muted_until && new Date(row.muted_until) > new Date() ? iso(row.muted_until) : null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
