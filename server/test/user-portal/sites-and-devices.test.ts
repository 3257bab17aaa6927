import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  type BuiltCustomer,
  type BuiltSite,
  buildCustomer,
  buildDevice,
  buildLicense,
  buildService,
  buildSite,
  companyToken,
  daysFromToday,
} from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let dealer: BuiltCompany;
let token: string;
let rivalToken: string;
let customer: BuiltCustomer;
let sites: BuiltSite[];
let rivalSite: BuiltSite;

const get = (url: string, auth = token) => t.app.inject({ method: 'GET', url, headers: bearer(auth) });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  dealer = await buildCompany(db);
  const rival = await buildCompany(db);
  token = await companyToken(t.app, dealer);
  rivalToken = await companyToken(t.app, rival);
  customer = await buildCustomer(db, dealer);
  sites = [];
  for (let i = 0; i < 7; i++) sites.push(await buildSite(db, customer, { name: `Site ${i}` }));
  rivalSite = await buildSite(db, await buildCustomer(db, rival));
});

afterAll(() => t?.close());

describe('site pages', () => {
  for (const path of ['sites', 'sites-status']) {
    it(`${path}: following next_cursor returns every site exactly once`, async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const res = await get(`/api/user-portal/organizations/${customer.id}/${path}?limit=3${query}`);
        expect(res.statusCode).toBe(200);
        const body: { items: { id: string }[]; next_cursor: string | null } = res.json();
        expect(body.items.length).toBeLessThanOrEqual(3);
        seen.push(...body.items.map((item) => item.id));
        cursor = body.next_cursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen.sort()).toEqual(sites.map((site) => site.id).sort());
    });
  }

  it('one default page holds them all, with site fields', async () => {
    const res = await get(`/api/user-portal/organizations/${customer.id}/sites`);
    const body = res.json();
    expect(body.next_cursor).toBeNull();
    expect(body.items).toHaveLength(7);
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      address: expect.any(String),
      latitude: 25,
      longitude: 121,
      hasDeviceError: false,
    });
  });

  it('flags a site with an abnormal first-platform device, not one with only second-platform trouble', async () => {
    const [troubled, calm] = [sites[0]!, sites[1]!];
    await buildDevice(t.app.db, troubled, { record_failed: true });
    await buildDevice(t.app.db, calm, { platform: 'second', connected: false });
    const items: { id: string; hasDeviceStatus: boolean }[] = (
      await get(`/api/user-portal/organizations/${customer.id}/sites-status`)
    ).json().items;
    expect(items.find((item) => item.id === troubled.id)?.hasDeviceStatus).toBe(true);
    expect(items.find((item) => item.id === calm.id)?.hasDeviceStatus).toBe(false);
  });

  it('refuses cursors it did not issue and limits out of range with 400', async () => {
    const forged = Buffer.from('k1:not-a-uuid').toString('base64url');
    for (const query of [
      'cursor=garbage!',
      'cursor=abc',
      `cursor=${forged}`,
      'limit=0',
      'limit=501',
      'limit=x',
    ]) {
      const res = await get(`/api/user-portal/organizations/${customer.id}/sites?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it("is 404 for another company's customer and for malformed ids", async () => {
    expect((await get(`/api/user-portal/organizations/${customer.id}/sites`, rivalToken)).statusCode).toBe(
      404,
    );
    expect(
      (await get(`/api/user-portal/organizations/${rivalSite.organizationId}/sites-status`)).statusCode,
    ).toBe(404);
    expect((await get('/api/user-portal/organizations/1234/sites')).statusCode).toBe(404);
  });
});

describe('GET /api/user-portal/sites/{siteId}/devices', () => {
  it('lists first-platform devices, sub-devices right after their NVR, with status flags and licenses', async () => {
    const db = t.app.db;
    const site = await buildSite(db, customer, { name: 'Devices' });
    const nvr = await buildDevice(db, site, {
      device_type: 'NVR',
      device_category: 'SERVER',
      name: 'A NVR',
      recording: false,
      firmware_upgrade_state: 10,
      smart_error: true,
    });
    const channel = await buildDevice(db, site, {
      device_type: 'NVR_CHANNEL',
      name: 'Z channel',
      parent_device_id: nvr.id,
      online: false,
    });
    const camera = await buildDevice(db, site, { name: 'M camera', firmware_upgrade_state: 11 });
    await buildLicense(db, customer, { deviceId: camera.id, expiresInDays: 40 });
    await buildService(db, site);

    const res = await get(`/api/user-portal/sites/${site.id}/devices`);
    expect(res.statusCode).toBe(200);
    const devices = res.json().devices;
    expect(devices.map((d: { id: string }) => d.id)).toEqual(expectedOrder(nvr.id, channel.id, camera.id));
    const byId = new Map(devices.map((d: { id: string }) => [d.id, d]));
    expect(byId.get(nvr.id)).toMatchObject({
      deviceState: 'UPGRADING',
      status: { smartError: true },
      online: true,
      recording: false,
      firmwareUpgradeState: 10,
      connected: true,
      licenses: [],
    });
    expect(byId.get(channel.id)).toMatchObject({
      deviceState: 'OFFLINE',
      serverId: nvr.id,
      serverName: 'A NVR',
      status: { offline: true },
      connected: false,
    });
    expect(byId.get(camera.id)).toMatchObject({
      deviceState: 'RECORDING',
      status: {},
      serverId: null,
      licenses: [{ type: 'STD', retention: null, expirationDate: daysFromToday(40) }],
    });
  });

  it("is 404 for another company's site and malformed ids", async () => {
    expect((await get(`/api/user-portal/sites/${rivalSite.id}/devices`)).statusCode).toBe(404);
    expect((await get(`/api/user-portal/sites/${sites[0]!.id}/devices`, rivalToken)).statusCode).toBe(404);
    expect((await get('/api/user-portal/sites/%27%3B--/devices')).statusCode).toBe(404);
  });
});

/** The NVR's channel follows the NVR; devices otherwise come in id order of their group. */
function expectedOrder(nvr: string, channel: string, camera: string) {
  return nvr < camera ? [nvr, channel, camera] : [camera, nvr, channel];
}
