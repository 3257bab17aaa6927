import type { Platform, StatusFlag } from '@portal/contracts/devices';
import type { DeviceLicense, deviceBaseSchema } from '@portal/contracts/organizations';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../infrastructure/db/types.ts';

/** Device columns behind each SPEC §3 status flag. */
export const STATUS_COLUMNS = {
  offline: 'offline',
  recordFailed: 'record_failed',
  firmwareUpdatedFailed: 'firmware_updated_failed',
  smartError: 'smart_error',
  diskFailed: 'disk_failed',
  serverCPUHigh: 'server_cpu_high',
  serverMemoryHigh: 'server_memory_high',
  serverLoginFailed: 'server_login_failed',
  networkHigh: 'network_high',
  networkSessionHigh: 'network_session_high',
} as const satisfies Record<StatusFlag, string>;

/** A device of `listSiteDevices`: its columns as the table types them, its set flags and its licenses. */
export type SiteDeviceRow = Awaited<ReturnType<typeof listSiteDevices>>[number];

/**
 * The devices of one platform at a site, sub-devices flattened right after the device they belong to,
 * each with the name of its server (parent device or service) and its licenses.
 */
export async function listSiteDevices(db: Kysely<DB>, siteId: string, platform: Platform) {
  const [devices, licenses] = await Promise.all([
    db
      .selectFrom('devices as d')
      .leftJoin('devices as server', (join) =>
        join.on((eb) => eb('server.id', '=', eb.fn.coalesce('d.parent_device_id', 'd.service_id'))),
      )
      .select([
        'd.id',
        'd.site_id',
        'd.service_id',
        'd.name',
        'd.device_type',
        'd.device_category',
        'd.state',
        'server.id as server_id',
        'server.name as server_name',
        'd.model_name',
        'd.mac_addresses',
        'd.ip_addresses',
        'd.firmware_version',
        'd.last_online_at',
        'd.health_time_from',
        'd.online',
        'd.recording',
        'd.firmware_upgrade_state',
        'd.connected',
        'd.is_recording',
        ...Object.values(STATUS_COLUMNS).map((column) => `d.${column}` as const),
      ])
      .where('d.site_id', '=', siteId)
      .where('d.platform', '=', platform)
      .orderBy((eb) => eb.fn.coalesce('d.parent_device_id', 'd.id'))
      .orderBy('d.parent_device_id', (ob) => ob.nullsFirst())
      .orderBy('d.name')
      .orderBy('d.id')
      .execute(),
    db
      .selectFrom('licenses as l')
      .innerJoin('devices as d', 'd.id', 'l.device_id')
      .select(['l.device_id', 'l.type', 'l.retention_days', 'l.expiration_date'])
      .where('d.site_id', '=', siteId)
      .where('d.platform', '=', platform)
      .orderBy('l.type')
      .execute(),
  ]);

  const licensesByDevice = new Map<string, DeviceLicense[]>();
  for (const license of licenses) {
    if (!license.device_id) continue;
    const list = licensesByDevice.get(license.device_id) ?? [];
    list.push({
      type: license.type,
      retention: license.retention_days,
      expirationDate: license.expiration_date,
    });
    licensesByDevice.set(license.device_id, list);
  }

  return devices.map((device) => {
    const status = Object.fromEntries(
      Object.entries(STATUS_COLUMNS).map(([flag, column]) => [flag, device[column]]),
    ) as Record<StatusFlag, boolean>;
    return { ...device, status, licenses: licensesByDevice.get(device.id) ?? [] };
  });
}

/** SPEC §3 Device: the fields both platforms share; `status` lists only the flags that are set. */
export function deviceBase(row: SiteDeviceRow, connected: boolean): z.infer<typeof deviceBaseSchema> {
  const status = Object.fromEntries(
    Object.entries(row.status)
      .filter(([, set]) => set)
      .map(([flag]) => [flag, true as const]),
  );
  return {
    id: row.id,
    siteId: row.site_id,
    deviceName: row.name,
    deviceType: row.device_type,
    deviceCategory: row.device_category,
    deviceState: row.state,
    serverId: row.server_id,
    serverName: row.server_name,
    modelName: row.model_name,
    macAddressList: row.mac_addresses,
    ipAddressList: row.ip_addresses,
    firmwareVersion: row.firmware_version,
    lastOnlineTime: row.last_online_at?.toISOString() ?? null,
    healthTimeFrom: row.health_time_from?.toISOString() ?? null,
    connected,
    status,
    licenses: row.licenses,
  };
}
