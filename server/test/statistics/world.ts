import { ALERT_TYPES, type AlertCategory } from '@portal/contracts/devices';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/infrastructure/db/types.ts';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  type BuiltSite,
  buildCustomer,
  buildDevice,
  buildIncident,
  buildLicense,
  buildSite,
} from '../helpers/platform-factories.ts';

/**
 * Random devices, licenses and incidents of one dealer, remembered as plain objects, and the statistics
 * computed from those objects, independently of the SQL (and of the summary tables it reads).
 */

export type Kind = 'camera' | 'server' | 'speaker';
export interface Device {
  id: string;
  org: string;
  site: string;
  platform: 'first' | 'second';
  kind: Kind;
  online: boolean;
  recording: boolean;
  upgrade: number | null;
  flags: Record<string, boolean>;
}
export interface License {
  org: string;
  deviceId: string | null;
  type: 'STD' | 'IP_SPEAKER' | 'CLOUD_BACKUP';
  retention: number | null;
  /** Days from today to the expiration date. */
  days: number;
}
export interface Incident {
  org: string;
  category: AlertCategory;
  alertType: string;
  open: boolean;
}
export interface World {
  company: BuiltCompany;
  orgs: string[];
  sites: BuiltSite[];
  devices: Device[];
  licenses: License[];
  incidents: Incident[];
}

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
export const chance = (p: number) => random() < p;
export const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

export const SERVER_FLAGS = [
  'smart_error',
  'disk_failed',
  'server_cpu_high',
  'server_memory_high',
  'server_login_failed',
  'network_high',
  'network_session_high',
];

/** One device as the factories build it, remembered in the world. */
export async function addDevice(
  db: Kysely<DB>,
  world: World,
  site: BuiltSite,
  spec: Pick<Device, 'platform' | 'kind'> &
    Partial<Pick<Device, 'online' | 'recording' | 'upgrade' | 'flags'>>,
): Promise<Device> {
  const { platform, kind } = spec;
  const online = spec.online ?? chance(0.75);
  const recording = spec.recording ?? chance(0.6);
  const upgrade =
    spec.upgrade !== undefined ? spec.upgrade : platform === 'first' ? pick([null, 3, 5, 10, 11]) : null;
  const flags: Record<string, boolean> = spec.flags ?? {
    record_failed: kind === 'camera' && chance(0.2),
    firmware_updated_failed: kind === 'camera' && chance(0.2),
    ...Object.fromEntries(SERVER_FLAGS.map((flag) => [flag, kind === 'server' && chance(0.2)])),
  };
  const { id } = await buildDevice(db, site, {
    platform,
    device_type:
      kind === 'camera'
        ? pick(['CAMERA', 'FISH_EYE', 'PTZ'] as const)
        : kind === 'server'
          ? 'NVR'
          : 'IP_SPEAKER',
    device_category: kind === 'camera' ? 'CAMERA' : kind === 'server' ? 'SERVER' : null,
    ...(platform === 'first'
      ? { online, recording, firmware_upgrade_state: upgrade }
      : { connected: online, is_recording: recording }),
    ...flags,
  });
  const device: Device = {
    id,
    org: site.organizationId,
    site: site.id,
    platform,
    kind,
    online,
    recording,
    upgrade,
    flags,
  };
  world.devices.push(device);
  return device;
}

export async function addLicense(db: Kysely<DB>, world: World, license: License): Promise<License> {
  await buildLicense(
    db,
    { id: license.org },
    {
      deviceId: license.deviceId,
      type: license.type,
      ...(license.retention === null ? {} : { retention: license.retention }),
      expiresInDays: license.days,
    },
  );
  world.licenses.push(license);
  return license;
}

export async function buildWorld(db: Kysely<DB>, customers: number): Promise<World> {
  const company = await buildCompany(db);
  const world: World = { company, orgs: [], sites: [], devices: [], licenses: [], incidents: [] };
  for (let o = 0; o < customers; o++) {
    const org = await buildCustomer(db, company);
    world.orgs.push(org.id);
    for (let s = 0; s < 2; s++) {
      const site = await buildSite(db, org);
      world.sites.push(site);
      for (let n = 0; n < 8; n++) {
        const platform = chance(0.7) ? 'first' : 'second';
        const kind =
          platform === 'first'
            ? pick(['camera', 'camera', 'server', 'speaker'] as const)
            : pick(['camera', 'server'] as const);
        const device = await addDevice(db, world, site, { platform, kind });
        if (platform === 'first' && kind !== 'server' && chance(0.7)) {
          const type = kind === 'speaker' ? 'IP_SPEAKER' : 'STD';
          const days = pick([-40, -1, 0, 15, 30, 45, 75, 90, 120]);
          await addLicense(db, world, { org: org.id, deviceId: device.id, type, retention: null, days });
          if (kind === 'camera' && chance(0.4)) {
            await addLicense(db, world, {
              org: org.id,
              deviceId: device.id,
              type: 'CLOUD_BACKUP',
              retention: pick([7, 30]),
              days: pick([-5, 20, 55, 200]),
            });
          }
        }
      }
      const category = pick(['CAMERA', 'SERVER', 'CYBER', 'LICENSE'] as const);
      const alertType = pick(ALERT_TYPES[category]);
      const open = chance(0.7);
      await buildIncident(db, site, { category, alert_type: alertType, resolved: !open });
      world.incidents.push({ org: org.id, category, alertType, open });
    }
  }
  return world;
}

const unique = (values: string[]) => new Set(values).size;
const isLicensed = (world: World, device: Device) => world.licenses.some((l) => l.deviceId === device.id);
/** SPEC §3: a first-platform camera or IP speaker holding no license at all. */
export const isUnlicensed = (world: World, device: Device) =>
  device.platform === 'first' && device.kind !== 'server' && !isLicensed(world, device);
const isExpired = (l: License) => l.days < 0;
const within = (days: number) => (l: License) => l.days >= 0 && l.days <= days;
const cameraAbnormal = (d: Device) => !d.online || d.flags.record_failed || d.flags.firmware_updated_failed;
const serverAbnormal = (d: Device) => !d.online || SERVER_FLAGS.some((flag) => d.flags[flag]);

export function cameraStats(devices: Device[]) {
  const cameras = devices.filter((d) => d.kind === 'camera');
  return {
    count: cameras.length,
    abnormalCount: cameras.filter(cameraAbnormal).length,
    statusCount: {
      offline: cameras.filter((d) => !d.online).length,
      recording: cameras.filter((d) => d.online && d.recording).length,
      recordFailed: cameras.filter((d) => d.flags.record_failed).length,
      firmwareUpdatedFailed: cameras.filter((d) => d.flags.firmware_updated_failed).length,
    },
  };
}

export function serverStats(devices: Device[]) {
  const servers = devices.filter((d) => d.kind === 'server');
  const flagged = (flag: string) => servers.filter((d) => d.flags[flag]).length;
  return {
    count: servers.length,
    abnormalCount: servers.filter(serverAbnormal).length,
    offlineCount: servers.filter((d) => !d.online).length,
    statusCount: {
      offline: servers.filter((d) => !d.online).length,
      smartError: flagged('smart_error'),
      diskFailed: flagged('disk_failed'),
      serverCPUHigh: flagged('server_cpu_high'),
      serverMemoryHigh: flagged('server_memory_high'),
      serverLoginFailed: flagged('server_login_failed'),
      networkHigh: flagged('network_high'),
      networkSessionHigh: flagged('network_session_high'),
    },
  };
}

/** `GET /companies/statistics` as it must be for the world, with expiry measured `shift` days later. */
export function expectedCompanyStatistics(world: World, shift = 0) {
  const licenses = world.licenses.map((l) => ({ ...l, days: l.days - shift }));
  const first = world.devices.filter((d) => d.platform === 'first');
  const second = world.devices.filter((d) => d.platform === 'second');
  const unlicensed = first.filter((d) => isUnlicensed(world, d));
  const windows = (group: License[]) => ({
    expired: group.filter(isExpired).length,
    within30: group.filter(within(30)).length,
    within60: group.filter(within(60)).length,
    within90: group.filter(within(90)).length,
  });
  const orgWindows = (group: License[]) => ({
    expired: unique(group.filter(isExpired).map((l) => l.org)),
    within30: unique(group.filter(within(30)).map((l) => l.org)),
    within60: unique(group.filter(within(60)).map((l) => l.org)),
    within90: unique(group.filter(within(90)).map((l) => l.org)),
  });
  const groups = [...new Set(licenses.map((l) => `${l.type}|${l.retention ?? ''}`))].sort((a, b) => {
    const [typeA, retentionA] = a.split('|');
    const [typeB, retentionB] = b.split('|');
    return typeA!.localeCompare(typeB!) || Number(retentionA) - Number(retentionB);
  });
  const active = (type: string) => licenses.filter((l) => l.type === type && !isExpired(l)).length;
  const open = world.incidents.filter((i) => i.open);
  return {
    organizations: {
      count: world.orgs.length,
      licenseStatus: {
        expired: orgWindows(licenses).expired,
        expireSoon: orgWindows(licenses).within30,
        unlicensed: unique(unlicensed.map((d) => d.org)),
      },
    },
    sites: { count: world.sites.length },
    cameraLicenses: {
      std: active('STD'),
      cloudBackup: active('CLOUD_BACKUP'),
      ipSpeaker: active('IP_SPEAKER'),
    },
    platforms: {
      first: {
        total: first.length,
        camera: cameraStats(first),
        server: serverStats(first),
        ipSpeaker: {
          count: first.filter((d) => d.kind === 'speaker').length,
          offlineCount: first.filter((d) => d.kind === 'speaker' && !d.online).length,
        },
      },
      second: { total: second.length, camera: cameraStats(second), server: serverStats(second) },
    },
    incidents: {
      open: open.length,
      items: (Object.keys(ALERT_TYPES) as AlertCategory[]).flatMap((category) =>
        ALERT_TYPES[category].map((alertType) => ({
          category,
          alertType,
          count: open.filter((i) => i.category === category && i.alertType === alertType).length,
        })),
      ),
    },
    licenseMaturity: {
      items: groups.map((group) => {
        const [type, retention] = group.split('|');
        const ofGroup = licenses.filter((l) => l.type === type && String(l.retention ?? '') === retention);
        return {
          type,
          retention: retention ? Number(retention) : null,
          ...windows(ofGroup),
          organizations: orgWindows(ofGroup),
        };
      }),
      unlicensed: { devices: unlicensed.length, organizations: unique(unlicensed.map((d) => d.org)) },
    },
  };
}

/** `GET /companies/organizations`, the customer list, without names (`id` and the numbers). */
export function expectedCustomerNumbers(world: World) {
  return world.orgs
    .map((org) => {
      const devices = world.devices.filter((d) => d.org === org);
      const licenses = world.licenses.filter((l) => l.org === org && l.deviceId !== null);
      const earliest = [...new Set(licenses.map((l) => l.deviceId))].map((id) =>
        Math.min(...licenses.filter((l) => l.deviceId === id).map((l) => l.days)),
      );
      return {
        id: org,
        siteCount: world.sites.filter((s) => s.organizationId === org).length,
        // Devices, one state each: the earliest expiry of a device's licenses decides.
        license: {
          expired: earliest.filter((days) => days < 0).length,
          expireSoon: earliest.filter((days) => days >= 0 && days <= 30).length,
          unlicensed: devices.filter((d) => isUnlicensed(world, d)).length,
        },
        devices: {
          total: devices.length,
          offline: devices.filter((d) => !d.online).length,
          abnormal: devices.filter(
            (d) =>
              !d.online ||
              d.flags.record_failed ||
              d.flags.firmware_updated_failed ||
              SERVER_FLAGS.some((flag) => d.flags[flag]),
          ).length,
        },
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}
