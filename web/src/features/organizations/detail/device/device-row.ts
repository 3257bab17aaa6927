import { type DeviceState, type Platform, STATUS_FLAGS, type StatusFlag } from '@portal/contracts/devices';
import type { FirstPlatformDevice } from '@portal/contracts/organizations';
import type { SecondPlatformDevice } from '@portal/contracts/platform';
import { type DeviceLicenseState, deviceLicenseState, isLicensable } from '../../shared/license-state.ts';
import { firstPlatformState, secondPlatformState } from './device-state.ts';

type AnyDevice = FirstPlatformDevice | SecondPlatformDevice;

/** One line of the device tab: a device of either platform, sub-devices included, in one shape. */
export interface DeviceRow {
  // Fields copied from the device keep the contracts' types (AnyDevice[...]).
  /** Unique across platforms. */
  key: string;
  id: string;
  platform: Platform;
  siteId: string;
  siteName: string;
  name: string;
  type: AnyDevice['deviceType'];
  category: AnyDevice['deviceCategory'];
  state: DeviceState | null;
  online: boolean;
  /** Offline or carrying any status flag (SPEC §3 abnormal). */
  abnormal: boolean;
  flags: StatusFlag[];
  serverName: string | null;
  modelName: string;
  ipAddress: string;
  ipAddresses: readonly string[];
  macAddresses: readonly string[];
  firmwareVersion: string;
  /** ISO 8601, shown yy/mm/dd HH:mm. */
  lastOnlineTime: string | null;
  healthTimeFrom: string | null;
  licenses: AnyDevice['licenses'];
  /** `notRequired`: a device that needs no license (a server, a second-platform device) and holds none. */
  licenseState: DeviceLicenseState | 'notRequired';
  /** Lower-case name, model, IP, MAC and server name, for the search box. */
  searchText: string;
}

function baseRow(
  device: AnyDevice,
  platform: Platform,
  state: DeviceState | null,
  online: boolean,
  siteNames: ReadonlyMap<string, string>,
  today: string,
): DeviceRow {
  const flags = STATUS_FLAGS.filter((flag) => device.status[flag] === true);
  return {
    key: `${platform}:${device.id}`,
    id: device.id,
    platform,
    siteId: device.siteId,
    siteName: siteNames.get(device.siteId) ?? '',
    name: device.deviceName,
    type: device.deviceType,
    category: device.deviceCategory,
    state,
    online,
    abnormal: !online || flags.some((flag) => flag !== 'offline'),
    flags,
    serverName: device.serverName,
    modelName: device.modelName,
    ipAddress: device.ipAddressList[0] ?? '',
    ipAddresses: device.ipAddressList,
    macAddresses: device.macAddressList,
    firmwareVersion: device.firmwareVersion,
    lastOnlineTime: device.lastOnlineTime,
    healthTimeFrom: device.healthTimeFrom,
    licenses: device.licenses,
    // Only a device that needs a license is "without license" (SPEC §3, the dashboard's unlicensed count).
    licenseState:
      device.licenses.length === 0 &&
      !isLicensable({ platform, category: device.deviceCategory, type: device.deviceType })
        ? 'notRequired'
        : deviceLicenseState(
            device.licenses.map((license) => license.expirationDate),
            today,
          ),
    searchText: [
      device.deviceName,
      device.modelName,
      device.serverName ?? '',
      ...device.ipAddressList,
      ...device.macAddressList,
    ]
      .join(' ')
      .toLowerCase(),
  };
}

export function firstPlatformRow(
  device: FirstPlatformDevice,
  siteNames: ReadonlyMap<string, string>,
  today: string,
): DeviceRow {
  return baseRow(device, 'first', firstPlatformState(device), device.online, siteNames, today);
}

export function secondPlatformRow(
  device: SecondPlatformDevice,
  siteNames: ReadonlyMap<string, string>,
  today: string,
): DeviceRow {
  return baseRow(device, 'second', secondPlatformState(device), device.connected, siteNames, today);
}
