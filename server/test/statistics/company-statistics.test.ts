import { ALERT_TYPES, type AlertCategory } from '@portal/contracts/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  buildCustomer,
  buildDevice,
  buildIncident,
  buildLicense,
  buildSite,
  companyToken,
} from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Builds random devices, licenses and incidents for two dealers, remembers every row in plain objects,
 * and checks the statistics endpoints against counts computed here, independently of the SQL.
 */

interface Device {
  org: string;
  platform: 'first' | 'second';
  kind: 'camera' | 'server' | 'speaker';
  online: boolean;
  recording: boolean;
  upgrade: number | null;
  flags: Record<string, boolean>;
  licensed: boolean;
}
interface License {
  org: string;
  type: 'STD' | 'IP_SPEAKER' | 'CLOUD_BACKUP';
  retention: number | null;
  days: number;
}
interface World {
  company: BuiltCompany;
  orgs: string[];
  sites: number;
  devices: Device[];
  licenses: License[];
  incidents: { category: AlertCategory; alertType: string; open: boolean }[];
}

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const chance = (p: number) => random() < p;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const SERVER_FLAGS = [
  'smart_error',
  'disk_failed',
  'server_cpu_high',
  'server_memory_high',
  'server_login_failed',
  'network_high',
  'network_session_high',
];

let t: TestApp;
const worlds: World[] = [];

async function buildWorld(size: number): Promise<World> {
  const db = t.app.db;
  const company = await buildCompany(db);
  const world: World = { company, orgs: [], sites: 0, devices: [], licenses: [], incidents: [] };
  for (let o = 0; o < size; o++) {
    const org = await buildCustomer(db, company);
    world.orgs.push(org.id);
    for (let s = 0; s < 2; s++) {
      const site = await buildSite(db, org);
      world.sites++;
      for (let n = 0; n < 8; n++) {
        const platform = chance(0.7) ? 'first' : 'second';
        const kind =
          platform === 'first'
            ? pick(['camera', 'camera', 'server', 'speaker'] as const)
            : pick(['camera', 'server'] as const);
        const online = chance(0.75);
        const recording = chance(0.6);
        const upgrade = platform === 'first' ? pick([null, 3, 5, 10, 11]) : null;
        const flags: Record<string, boolean> = {
          record_failed: kind === 'camera' && chance(0.2),
          firmware_updated_failed: kind === 'camera' && chance(0.2),
        };
        for (const flag of SERVER_FLAGS) flags[flag] = kind === 'server' && chance(0.2);
        const device = await buildDevice(db, site, {
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
        let licensed = false;
        if (platform === 'first' && kind !== 'server' && chance(0.7)) {
          licensed = true;
          const type = kind === 'speaker' ? 'IP_SPEAKER' : 'STD';
          const days = pick([-40, -1, 0, 15, 30, 45, 75, 90, 120]);
          await buildLicense(db, org, { deviceId: device.id, type, expiresInDays: days });
          world.licenses.push({ org: org.id, type, retention: null, days });
          if (kind === 'camera' && chance(0.4)) {
            const retention = pick([7, 30]);
            const backupDays = pick([-5, 20, 55, 200]);
            await buildLicense(db, org, {
              deviceId: device.id,
              type: 'CLOUD_BACKUP',
              retention,
              expiresInDays: backupDays,
            });
            world.licenses.push({ org: org.id, type: 'CLOUD_BACKUP', retention, days: backupDays });
          }
        }
        world.devices.push({ org: org.id, platform, kind, online, recording, upgrade, flags, licensed });
      }
      const category = pick(['CAMERA', 'SERVER', 'CYBER', 'LICENSE'] as const);
      const alertType = pick(ALERT_TYPES[category]);
      const open = chance(0.7);
      await buildIncident(db, site, { category, alert_type: alertType, resolved: !open });
      world.incidents.push({ category, alertType, open });
    }
  }
  return world;
}

function cameraStats(devices: Device[]) {
  const cameras = devices.filter((d) => d.kind === 'camera');
  return {
    count: cameras.length,
    abnormalCount: cameras.filter(
      (d) => !d.online || d.flags.record_failed || d.flags.firmware_updated_failed,
    ).length,
    statusCount: {
      offline: cameras.filter((d) => !d.online).length,
      recording: cameras.filter((d) => d.online && d.recording).length,
      recordFailed: cameras.filter((d) => d.flags.record_failed).length,
      firmwareUpdatedFailed: cameras.filter((d) => d.flags.firmware_updated_failed).length,
    },
  };
}

function serverStats(devices: Device[]) {
  const servers = devices.filter((d) => d.kind === 'server');
  const flagged = (flag: string) => servers.filter((d) => d.flags[flag]).length;
  return {
    count: servers.length,
    abnormalCount: servers.filter((d) => !d.online || SERVER_FLAGS.some((flag) => d.flags[flag])).length,
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

const unique = (values: string[]) => new Set(values).size;

function expectedCompanyStatistics(world: World) {
  const first = world.devices.filter((d) => d.platform === 'first');
  const second = world.devices.filter((d) => d.platform === 'second');
  const unlicensed = first.filter((d) => d.kind !== 'server' && !d.licensed);
  const expired = (l: License) => l.days < 0;
  const within = (days: number) => (l: License) => l.days >= 0 && l.days <= days;
  const windows = (licenses: License[]) => ({
    expired: licenses.filter(expired).length,
    within30: licenses.filter(within(30)).length,
    within60: licenses.filter(within(60)).length,
    within90: licenses.filter(within(90)).length,
  });
  const orgWindows = (licenses: License[]) => ({
    expired: unique(licenses.filter(expired).map((l) => l.org)),
    within30: unique(licenses.filter(within(30)).map((l) => l.org)),
    within60: unique(licenses.filter(within(60)).map((l) => l.org)),
    within90: unique(licenses.filter(within(90)).map((l) => l.org)),
  });
  const groups = [...new Set(world.licenses.map((l) => `${l.type}|${l.retention ?? ''}`))].sort((a, b) => {
    const [typeA, retentionA] = a.split('|');
    const [typeB, retentionB] = b.split('|');
    return typeA!.localeCompare(typeB!) || Number(retentionA) - Number(retentionB);
  });
  const active = (type: string) => world.licenses.filter((l) => l.type === type && !expired(l)).length;
  const open = world.incidents.filter((i) => i.open);
  return {
    organizations: {
      count: world.orgs.length,
      licenseStatus: {
        expired: orgWindows(world.licenses).expired,
        expireSoon: orgWindows(world.licenses).within30,
        unlicensed: unique(unlicensed.map((d) => d.org)),
      },
    },
    sites: { count: world.sites },
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
        const licenses = world.licenses.filter(
          (l) => l.type === type && String(l.retention ?? '') === retention,
        );
        return {
          type,
          retention: retention ? Number(retention) : null,
          ...windows(licenses),
          organizations: orgWindows(licenses),
        };
      }),
      unlicensed: { devices: unlicensed.length, organizations: unique(unlicensed.map((d) => d.org)) },
    },
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  worlds.push(await buildWorld(3), await buildWorld(2));
}, 120_000);

afterAll(() => t?.close());

describe('statistics equal counts computed from the inserted rows', () => {
  it('GET /api/user-portal/companies/statistics, for each dealer separately', async () => {
    for (const world of worlds) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user-portal/companies/statistics',
        headers: bearer(await companyToken(t.app, world.company)),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expectedCompanyStatistics(world));
    }
  });

  it('GET /api/platform/v1/organizations/statistics: second platform per organization', async () => {
    for (const world of worlds) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/platform/v1/organizations/statistics',
        headers: bearer(await companyToken(t.app, world.company)),
      });
      expect(res.statusCode).toBe(200);
      const expected = world.orgs
        .map((org) => world.devices.filter((d) => d.org === org && d.platform === 'second'))
        .map((devices, index) => ({ organizationId: world.orgs[index]!, devices }))
        .filter(({ devices }) => devices.length > 0)
        .map(({ organizationId, devices }) => ({
          organizationId,
          statistics: { camera: cameraStats(devices), server: serverStats(devices) },
        }))
        .sort((a, b) => a.organizationId.localeCompare(b.organizationId));
      expect(res.json().organizationIssues).toEqual(expected);
    }
  });

  it('GET /api/user-portal/organizations/{orgId}/statistics matches per customer', async () => {
    const world = worlds[0]!;
    const token = await companyToken(t.app, world.company);
    for (const org of world.orgs) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/user-portal/organizations/${org}/statistics`,
        headers: bearer(token),
      });
      const devices = world.devices.filter((d) => d.org === org && d.platform === 'first');
      const body = res.json();
      expect(body.camera).toMatchObject(cameraStats(devices));
      expect(body.server).toEqual(serverStats(devices));
      expect(body.camera.license.statusCount.unlicensed).toBe(
        devices.filter((d) => d.kind === 'camera' && !d.licensed).length,
      );
    }
  });
});
