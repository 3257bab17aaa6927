import type { Faker } from '@faker-js/faker';
import type { DeviceCategory, DeviceType } from '@portal/contracts/devices';
import type { DeviceRow, ServiceRow } from './dataset.ts';
import { type DeviceIds, logUniformMinutes, minutesBefore } from './random.ts';

export interface SiteContext {
  faker: Faker;
  ids: DeviceIds;
  now: Date;
  companyId: string;
  organizationId: string;
  siteId: string;
  /** The dealer's oldest open problem, in minutes: how long an offline device may have been gone. */
  oldestMinutes: number;
}

const SPOTS = [
  'Lobby',
  'Entrance',
  'Parking Lot',
  'Loading Dock',
  'Warehouse',
  'Reception',
  'Hallway',
  'Back Door',
  'Cash Desk',
  'Server Room',
  'Stairwell',
  'Yard',
  'Gate',
  'Office',
  'Corridor',
  'Storage',
];

const MODELS: Record<DeviceType, readonly string[]> = {
  CAMERA: ['VX-C2110', 'VX-C2210', 'VX-C4410', 'VX-B5120'],
  FISH_EYE: ['VX-F4120', 'VX-F9360'],
  PTZ: ['VX-P3230', 'VX-P6330'],
  NVR: ['VX-N1608', 'VX-N3216'],
  NVR_CHANNEL: ['VX-C2110', 'VX-C2210'],
  IP_SPEAKER: ['AU-001', 'AU-003', 'AU-004'],
  VSS: ['VSS Pro 4.2', 'VSS Enterprise 4.3'],
  DEVICE_MANAGER: ['DM-200', 'DM-400'],
  WINDOWS_NVR: ['WinNVR 2022'],
  LINUX_NVR: ['LNVR-16'],
  VORTEX: ['Vortex'],
  OBM: ['OBM'],
};

const CATEGORY: Record<DeviceType, DeviceCategory | null> = {
  CAMERA: 'CAMERA',
  FISH_EYE: 'FISH_EYE',
  PTZ: 'PTZ',
  NVR_CHANNEL: 'CAMERA',
  NVR: 'SERVER',
  VSS: 'SERVER',
  DEVICE_MANAGER: 'SERVER',
  WINDOWS_NVR: 'SERVER',
  LINUX_NVR: 'SERVER',
  IP_SPEAKER: null,
  VORTEX: null,
  OBM: 'SERVER',
};

const FIRMWARE = ['1.4.3', '1.5.0', '1.5.2', '2.0.1', '2.1.0'];

/** Weighted first-platform firmware upgrade states (SPEC §4); null: never upgraded. Failures are rare. */
const UPGRADE_STATES = [
  { weight: 40, value: null },
  { weight: 45, value: 11 },
  { weight: 3, value: 3 },
  { weight: 2, value: 4 },
  { weight: 4, value: 10 },
  { weight: 0.3, value: 5 },
  { weight: 0.4, value: 12 },
] as const;

type Kind = 'camera' | 'nvr' | 'speaker' | 'secondCamera' | 'secondNvr';
const KINDS = [
  { weight: 50, value: 'camera' },
  { weight: 4, value: 'nvr' },
  { weight: 5, value: 'speaker' },
  { weight: 25, value: 'secondCamera' },
  { weight: 1, value: 'secondNvr' },
] as const satisfies readonly { weight: number; value: Kind }[];

/**
 * Exactly `target` devices for one site: first-platform cameras (plain, fisheye, PTZ), NVRs with their
 * channels, IP speakers, and second-platform cameras behind a VSS or device-manager service.
 */
export function generateSiteDevices(
  ctx: SiteContext,
  target: number,
): { devices: DeviceRow[]; services: ServiceRow[] } {
  const { faker } = ctx;
  const devices: DeviceRow[] = [];
  const services: ServiceRow[] = [];
  const servicesByType = new Map<ServiceRow['service_type'], string>();
  const subnet = `10.${faker.number.int(255)}.${faker.number.int(255)}`;
  let host = 10;

  const add = (platform: 'first' | 'second', type: DeviceType, name: string, extra: Partial<DeviceRow>) => {
    const row = baseDevice(ctx, platform, type, name, `${subnet}.${host++ % 250}`);
    Object.assign(row, extra);
    devices.push(row);
    return row;
  };
  const spot = () => `${faker.helpers.arrayElement(SPOTS)} ${String(devices.length + 1).padStart(2, '0')}`;
  const service = (type: ServiceRow['service_type']): string => {
    const existing = servicesByType.get(type);
    if (existing) return existing;
    const name = type === 'VSS' ? 'VSS Server' : 'Device Manager';
    const server = add('second', type, `${name} ${services.length + 1}`, {});
    services.push(serviceRow(faker, server));
    servicesByType.set(type, server.id);
    return server.id;
  };

  while (devices.length < target) {
    const remaining = target - devices.length;
    const kind = faker.helpers.weightedArrayElement(KINDS);
    if (kind === 'camera' || remaining < 2) {
      const type = faker.helpers.weightedArrayElement([
        { weight: 70, value: 'CAMERA' },
        { weight: 15, value: 'FISH_EYE' },
        { weight: 15, value: 'PTZ' },
      ] as const);
      add('first', type, spot(), {});
    } else if (kind === 'nvr') {
      const nvr = add('first', 'NVR', `NVR ${devices.length + 1}`, {});
      const channels = Math.min(faker.helpers.arrayElement([4, 8, 16]), remaining - 1);
      for (let channel = 1; channel <= channels; channel++) {
        add('first', 'NVR_CHANNEL', `${nvr.name} CH${channel}`, { parent_device_id: nvr.id });
      }
    } else if (kind === 'speaker') {
      add('first', 'IP_SPEAKER', `Speaker ${devices.length + 1}`, {});
    } else if (kind === 'secondCamera') {
      const serviceId = service(faker.datatype.boolean(0.75) ? 'VSS' : 'DEVICE_MANAGER');
      if (devices.length < target) {
        const type = faker.helpers.weightedArrayElement([
          { weight: 80, value: 'CAMERA' },
          { weight: 10, value: 'FISH_EYE' },
          { weight: 10, value: 'PTZ' },
        ] as const);
        add('second', type, spot(), { service_id: serviceId });
      }
    } else {
      const serviceId = service('VSS');
      if (devices.length < target) {
        const type = faker.datatype.boolean() ? 'WINDOWS_NVR' : 'LINUX_NVR';
        add('second', type, `${type === 'WINDOWS_NVR' ? 'Windows' : 'Linux'} NVR ${devices.length + 1}`, {
          service_id: serviceId,
        });
      }
    }
  }
  return { devices, services };
}

function baseDevice(
  ctx: SiteContext,
  platform: 'first' | 'second',
  type: DeviceType,
  name: string,
  ip: string,
): DeviceRow {
  const { faker, now } = ctx;
  const category = CATEGORY[type];
  const server = category === 'SERVER';
  const camera = category !== null && !server;
  // A few percent of devices are down at any time (issue 23: open incidents a few percent of devices).
  const online = faker.datatype.boolean(0.982);
  const upgradeState = platform === 'first' ? faker.helpers.weightedArrayElement(UPGRADE_STATES) : null;
  const upgrading = upgradeState === 3 || upgradeState === 4 || upgradeState === 10;
  // A device mid-upgrade usually is not recording, so its state shows as UPGRADING.
  const recording = online && (camera || type === 'NVR') && faker.datatype.boolean(upgrading ? 0.3 : 0.85);
  const upgradeFailed = upgradeState === 5 || upgradeState === 12 || faker.datatype.boolean(0.002);
  const flag = (probability: number) => server && faker.datatype.boolean(probability);
  return {
    id: ctx.ids.next(faker),
    platform,
    company_id: ctx.companyId,
    organization_id: ctx.organizationId,
    site_id: ctx.siteId,
    service_id: null,
    parent_device_id: null,
    device_type: type,
    device_category: category,
    name,
    model_name: faker.helpers.arrayElement(MODELS[type]),
    mac_addresses: type === 'NVR_CHANNEL' ? [] : [faker.internet.mac().toUpperCase()],
    ip_addresses: [ip],
    firmware_version: faker.helpers.arrayElement(FIRMWARE),
    // Offline: gone for minutes to the dealer's oldest problem (past the 10-minute debounce).
    last_online_at: online
      ? minutesBefore(now, faker.number.int(10))
      : minutesBefore(now, logUniformMinutes(faker, 15, ctx.oldestMinutes)),
    health_time_from: minutesBefore(now, faker.number.int({ min: 60, max: 90 * 1440 })),
    online: platform === 'first' ? online : null,
    recording: platform === 'first' ? recording : null,
    firmware_upgrade_state: upgradeState,
    connected: platform === 'second' ? online : null,
    is_recording: platform === 'second' ? recording : null,
    record_failed: camera && faker.datatype.boolean(0.004),
    firmware_updated_failed: (camera || type === 'NVR') && upgradeFailed,
    smart_error: flag(0.02),
    disk_failed: flag(0.015),
    server_cpu_high: flag(0.02),
    server_memory_high: flag(0.02),
    server_login_failed: flag(0.015),
    network_high: flag(0.015),
    network_session_high: flag(0.015),
  };
}

function serviceRow(faker: Faker, server: DeviceRow): ServiceRow {
  const enabled = faker.datatype.boolean(0.5);
  return {
    device_id: server.id,
    organization_id: server.organization_id,
    service_type: server.device_type as ServiceRow['service_type'],
    remote_access_enabled: enabled,
    remote_access_requesting: false,
    frp_url: enabled ? `https://frp-${server.id.toLowerCase()}.relay.lumora.example` : null,
  };
}
