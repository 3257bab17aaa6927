import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  type BuiltCustomer,
  buildCustomer,
  buildDevice,
  buildLicense,
  buildSite,
  companyToken,
  daysFromToday,
} from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let dealer: BuiltCompany;
let rival: BuiltCompany;
let token: string;
let rivalToken: string;
let acme: BuiltCustomer;
let globex: BuiltCustomer;
let rivalCustomer: BuiltCustomer;
let unlicensedCamera: string;

const get = (url: string, auth = token) => t.app.inject({ method: 'GET', url, headers: bearer(auth) });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  dealer = await buildCompany(db);
  rival = await buildCompany(db);
  token = await companyToken(t.app, dealer);
  rivalToken = await companyToken(t.app, rival);

  acme = await buildCustomer(db, dealer, {
    name: 'Acme Stores',
    reference: 'ACM-01',
    expiration_date: '2027-03-31',
  });
  globex = await buildCustomer(db, dealer, { name: 'Globex 100%_Corp', reference: 'GLX-7' });
  rivalCustomer = await buildCustomer(db, rival, { name: 'Acme Rival' });

  const lobby = await buildSite(db, acme, { name: 'Lobby site' });
  const yard = await buildSite(db, acme, { name: 'Yard site' });
  const licensed = await buildDevice(db, lobby);
  await buildLicense(db, acme, { deviceId: licensed.id, expiresInDays: -3 });
  await buildLicense(db, acme, {
    deviceId: licensed.id,
    type: 'CLOUD_BACKUP',
    retention: 30,
    expiresInDays: 10,
  });
  unlicensedCamera = (await buildDevice(db, yard, { name: 'Yard cam', online: false })).id;
  const speaker = await buildDevice(db, yard, {
    device_type: 'IP_SPEAKER',
    device_category: null,
    name: 'Horn',
  });
  await buildLicense(db, acme, { deviceId: speaker.id, type: 'IP_SPEAKER', expiresInDays: 200 });
  await buildLicense(db, acme, { type: 'STD', expiresInDays: 200 });
  await buildDevice(db, lobby, { platform: 'second', device_type: 'CAMERA', connected: false });

  await buildDevice(db, await buildSite(db, rivalCustomer));
});

afterAll(() => t?.close());

describe('GET /api/user-portal/companies/organizations', () => {
  it("lists the company's customers with license state and device health", async () => {
    const res = await get('/api/user-portal/companies/organizations');
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.map((item: { name: string }) => item.name)).toEqual(['Acme Stores', 'Globex 100%_Corp']);
    expect(items[0]).toEqual({
      id: acme.id,
      name: 'Acme Stores',
      reference: 'ACM-01',
      siteCount: 2,
      // Devices, one state each: the lobby camera's expired xPro and expiring storage make one expired device.
      license: { expired: 1, expireSoon: 0, unlicensed: 1 },
      devices: { total: 4, offline: 2, abnormal: 2 },
    });
    expect(items[1]).toMatchObject({
      siteCount: 0,
      license: { expired: 0, expireSoon: 0, unlicensed: 0 },
      devices: { total: 0, offline: 0, abnormal: 0 },
    });
  });

  it('searches name and reference, case-insensitively, with LIKE characters taken literally', async () => {
    const names = async (q: string) =>
      (await get(`/api/user-portal/companies/organizations?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((item: { name: string }) => item.name);
    expect(await names('acme')).toEqual(['Acme Stores']);
    expect(await names('glx')).toEqual(['Globex 100%_Corp']);
    expect(await names('0%_c')).toEqual(['Globex 100%_Corp']);
    expect(await names('%')).toEqual(['Globex 100%_Corp']);
    expect(await names('rival')).toEqual([]);
  });

  it('needs a company token', async () => {
    expect((await get('/api/user-portal/companies/organizations', 'nonsense')).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/api/user-portal/companies/organizations' });
    expect(none.statusCode).toBe(401);
  });
});

describe('GET /api/user-portal/organizations/{orgId}/info', () => {
  it('returns name, expiration date and remote access', async () => {
    const res = await get(`/api/user-portal/organizations/${acme.id}/info`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: acme.id,
      name: 'Acme Stores',
      expirationDate: '2027-03-31',
      remoteAccess: { enabled: false, requesting: false },
    });
  });

  it("is 404 for another company's customer, an unknown id and a malformed id", async () => {
    for (const url of [
      `/api/user-portal/organizations/${rivalCustomer.id}/info`,
      '/api/user-portal/organizations/00000000-0000-4000-8000-000000000000/info',
      '/api/user-portal/organizations/not-a-uuid/info',
      `/api/user-portal/organizations/${rivalCustomer.id}/license-statistics`,
      `/api/user-portal/organizations/${rivalCustomer.id}/statistics`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get(`/api/user-portal/organizations/${acme.id}/info`, rivalToken)).statusCode).toBe(404);
  });
});

describe('GET /api/user-portal/organizations/{orgId}/license-statistics', () => {
  it('groups licenses by type and retention, and lists unlicensed devices by site', async () => {
    const res = await get(`/api/user-portal/organizations/${acme.id}/license-statistics`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unlicensed).toEqual({
      quantity: 1,
      sites: [
        {
          id: expect.any(String),
          name: 'Yard site',
          devices: [{ id: unlicensedCamera, name: 'Yard cam', type: 'CAMERA' }],
        },
      ],
    });
    expect(body.items).toEqual([
      {
        type: 'CLOUD_BACKUP',
        expirationDate: daysFromToday(10),
        quantity: 1,
        items: [{ retention: 30, quantity: 1, expirationDate: daysFromToday(10) }],
      },
      { type: 'IP_SPEAKER', expirationDate: daysFromToday(200), quantity: 1, items: [expect.any(Object)] },
      {
        type: 'STD',
        expirationDate: daysFromToday(-3),
        quantity: 2,
        items: [
          { retention: null, quantity: 1, expirationDate: daysFromToday(-3) },
          { retention: null, quantity: 1, expirationDate: daysFromToday(200) },
        ],
      },
    ]);
  });
});

describe('GET /api/user-portal/organizations/{orgId}/statistics and /organizations/statistics', () => {
  it('counts the first platform only, with camera license state', async () => {
    const res = await get(`/api/user-portal/organizations/${acme.id}/statistics`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      camera: {
        count: 2,
        abnormalCount: 1,
        statusCount: { offline: 1, recording: 1, recordFailed: 0, firmwareUpdatedFailed: 0 },
        license: {
          expirationDate: daysFromToday(-3),
          count: { std: 1, cloudBackup: 1, ipSpeaker: 1 },
          statusCount: { expired: 1, expiring: 1, unlicensed: 1 },
        },
      },
      server: expect.objectContaining({ count: 0, abnormalCount: 0, offlineCount: 0 }),
      ipSpeaker: { count: 1, offlineCount: 0 },
    });
  });

  it('lists every customer of the company, and only those', async () => {
    const res = await get('/api/user-portal/organizations/statistics');
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.map((item: { organizationId: string }) => item.organizationId)).toEqual([
      acme.id,
      globex.id,
    ]);
    expect(items[0].statistics.camera.count).toBe(2);
    expect(items[1].statistics.camera.count).toBe(0);
    const rivals = (await get('/api/user-portal/organizations/statistics', rivalToken)).json().items;
    expect(rivals.map((item: { organizationId: string }) => item.organizationId)).toEqual([rivalCustomer.id]);
  });
});
