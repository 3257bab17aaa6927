import type { FirstPlatformDevice } from '@portal/contracts/organizations';

// Local times, so that yy/mm/dd HH:mm expectations hold in any time zone.
const LAST_ONLINE = new Date(2025, 2, 7, 9, 5).toISOString();
const HEALTHY_SINCE = new Date(2025, 2, 6, 22, 40).toISOString();

/** A first-platform camera as the device list reads it (Lobby cam at site-a, online, recording, licensed). */
export function buildFirstPlatformDevice(overrides: Partial<FirstPlatformDevice> = {}): FirstPlatformDevice {
  return {
    id: 'cam-1',
    siteId: 'site-a',
    deviceName: 'Lobby cam',
    deviceType: 'CAMERA',
    deviceCategory: 'CAMERA',
    deviceState: 'RECORDING',
    serverId: 'nvr-1',
    serverName: 'Main NVR',
    modelName: 'MD-1',
    macAddressList: ['00:1A:2B:3C:4D:5E'],
    ipAddressList: ['10.0.0.21', '192.168.1.21'],
    firmwareVersion: '2.4.1',
    lastOnlineTime: LAST_ONLINE,
    healthTimeFrom: HEALTHY_SINCE,
    connected: true,
    status: {},
    licenses: [{ type: 'STD', retention: null, expirationDate: '2030-01-01' }],
    online: true,
    recording: true,
    firmwareUpgradeState: null,
    ...overrides,
  };
}
