import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany, buildMember } from '../helpers/factories.ts';
import { buildCustomer, buildDevice, buildService, buildSite } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * OBM `GET /api/obm/v1/companies/statistics`: built rows are remembered here, and the response must equal
 * the counts computed from them, for each of two dealers, whoever of the company asks.
 */

interface Device {
  org: string;
  kind: 'camera' | 'server';
  connected: boolean;
  flags: Record<string, boolean>;
}
interface Service {
  type: 'VSS' | 'DEVICE_MANAGER';
  connected: boolean;
  remoteAccess: boolean;
}
interface World {
  company: BuiltCompany;
  devices: Device[];
  services: Service[];
  orgsWithSecond: Set<string>;
}

let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const chance = (p: number) => random() < p;

const CAMERA_FLAGS = ['record_failed', 'firmware_updated_failed'];
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

async function buildWorld(customers: number): Promise<World> {
  const db = t.app.db;
  const company = await buildCompany(db);
  const world: World = { company, devices: [], services: [], orgsWithSecond: new Set() };
  for (let o = 0; o < customers; o++) {
    const org = await buildCustomer(db, company);
    const site = await buildSite(db, org);
    // First-platform devices belong to the user portal, never to OBM's numbers.
    await buildDevice(db, site, { online: false });
    if (o === customers - 1) continue; // a customer without a second platform
    world.orgsWithSecond.add(org.id);
    for (let s = 0; s < 2; s++) {
      const type = chance(0.6) ? 'VSS' : 'DEVICE_MANAGER';
      const connected = chance(0.7);
      const remoteAccess = chance(0.4);
      const flags = Object.fromEntries(SERVER_FLAGS.map((flag) => [flag, chance(0.2)]));
      const service = await buildService(db, site, {
        serviceType: type,
        remoteAccessEnabled: remoteAccess,
        device: { connected, ...flags },
      });
      world.services.push({ type, connected, remoteAccess });
      world.devices.push({ org: org.id, kind: 'server', connected, flags });
      for (let n = 0; n < 5; n++) {
        const kind = chance(0.8) ? 'camera' : 'server';
        const online = chance(0.75);
        const deviceFlags = Object.fromEntries(
          (kind === 'camera' ? CAMERA_FLAGS : SERVER_FLAGS).map((flag) => [flag, chance(0.2)]),
        );
        await buildDevice(db, site, {
          platform: 'second',
          device_type: kind === 'camera' ? 'CAMERA' : 'NVR',
          device_category: kind === 'camera' ? 'CAMERA' : 'SERVER',
          service_id: service.id,
          connected: online,
          is_recording: chance(0.5),
          ...deviceFlags,
        });
        world.devices.push({ org: org.id, kind, connected: online, flags: deviceFlags });
      }
    }
  }
  return world;
}

function expected(world: World) {
  const cameras = world.devices.filter((d) => d.kind === 'camera');
  const servers = world.devices.filter((d) => d.kind === 'server');
  const flagged = (devices: Device[], flag: string) => devices.filter((d) => d.flags[flag]).length;
  const serverOffline = servers.filter((d) => !d.connected).length;
  return {
    organizations: { count: world.orgsWithSecond.size },
    services: {
      count: world.services.length,
      connected: world.services.filter((s) => s.connected).length,
      disconnected: world.services.filter((s) => !s.connected).length,
      vss: world.services.filter((s) => s.type === 'VSS').length,
      deviceManager: world.services.filter((s) => s.type === 'DEVICE_MANAGER').length,
      remoteAccessEnabled: world.services.filter((s) => s.remoteAccess).length,
    },
    devices: {
      total: world.devices.length,
      camera: {
        count: cameras.length,
        abnormalCount: cameras.filter((d) => !d.connected || CAMERA_FLAGS.some((f) => d.flags[f])).length,
        statusCount: {
          offline: cameras.filter((d) => !d.connected).length,
          recording: expect.any(Number),
          recordFailed: flagged(cameras, 'record_failed'),
          firmwareUpdatedFailed: flagged(cameras, 'firmware_updated_failed'),
        },
      },
      server: {
        count: servers.length,
        abnormalCount: servers.filter((d) => !d.connected || SERVER_FLAGS.some((f) => d.flags[f])).length,
        offlineCount: serverOffline,
        statusCount: {
          offline: serverOffline,
          smartError: flagged(servers, 'smart_error'),
          diskFailed: flagged(servers, 'disk_failed'),
          serverCPUHigh: flagged(servers, 'server_cpu_high'),
          serverMemoryHigh: flagged(servers, 'server_memory_high'),
          serverLoginFailed: flagged(servers, 'server_login_failed'),
          networkHigh: flagged(servers, 'network_high'),
          networkSessionHigh: flagged(servers, 'network_session_high'),
        },
      },
    },
  };
}

const URL = '/api/obm/v1/companies/statistics';

beforeAll(async () => {
  t = await buildTestApp();
  worlds.push(await buildWorld(3), await buildWorld(2));
}, 120_000);

afterAll(() => t?.close());

describe('GET /api/obm/v1/companies/statistics', () => {
  it("equals the counts of the caller's company, computed from the built rows", async () => {
    for (const world of worlds) {
      const { accessToken } = await signIn(t.app, world.company.owner.email, world.company.owner.password);
      const res = await t.app.inject({ url: URL, headers: bearer(accessToken) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected(world));
    }
  });

  it('counts recording cameras as connected and recording', async () => {
    const world = worlds[0]!;
    const { accessToken } = await signIn(t.app, world.company.owner.email, world.company.owner.password);
    const body = (await t.app.inject({ url: URL, headers: bearer(accessToken) })).json();
    const recording = await t.app.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', world.company.id)
      .where('platform', '=', 'second')
      .where('device_category', '=', 'CAMERA')
      .where('connected', '=', true)
      .where('is_recording', '=', true)
      .executeTakeFirstOrThrow();
    expect(body.devices.camera.statusCount.recording).toBe(Number(recording.n));
  });

  it("a member sees their own company's numbers; the other dealer's never leak", async () => {
    const [first, second] = worlds as [World, World];
    const member = await buildMember(t.app.db, second.company);
    const { accessToken } = await signIn(t.app, member.email, member.password);
    const body = (await t.app.inject({ url: URL, headers: bearer(accessToken) })).json();
    expect(body).toEqual(expected(second));
    expect(body.devices.total).not.toBe(first.devices.length + second.devices.length);
  });

  it('refuses a request without a session', async () => {
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
  });
});
