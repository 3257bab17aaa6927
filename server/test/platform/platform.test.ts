import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  type BuiltCustomer,
  type BuiltSite,
  buildCustomer,
  buildDevice,
  buildService,
  buildSite,
  companyToken,
  organizationToken,
} from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let dealer: BuiltCompany;
let rival: BuiltCompany;
let customer: BuiltCustomer;
let other: BuiltCustomer;
let site: BuiltSite;
let rivalSite: BuiltSite;
let vss: { id: string };
let manager: { id: string };
let orgToken: string;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  dealer = await buildCompany(db);
  rival = await buildCompany(db);
  customer = await buildCustomer(db, dealer, { name: 'Initech' });
  other = await buildCustomer(db, dealer);
  site = await buildSite(db, customer);
  vss = await buildService(db, site, { remoteAccessEnabled: true, frpUrl: 'https://frp.example/vss' });
  manager = await buildService(db, site, { serviceType: 'DEVICE_MANAGER', device: { connected: false } });
  await buildDevice(db, site, { platform: 'second', service_id: vss.id, name: 'Cam A' });
  await buildDevice(db, site, { platform: 'second', service_id: vss.id, name: 'Cam B', connected: false });
  await buildDevice(db, site, {
    platform: 'second',
    service_id: vss.id,
    device_type: 'WINDOWS_NVR',
    device_category: 'SERVER',
    name: 'Win NVR',
    disk_failed: true,
  });
  await buildDevice(db, site, { name: 'First-platform cam', online: false });
  rivalSite = await buildSite(db, await buildCustomer(db, rival));
  orgToken = await organizationToken(t.app, dealer, customer.id);
});

afterAll(() => t?.close());

describe('GET /api/platform/v1/organizations/{orgId}/services', () => {
  it('lists the synthetic VORTEX service, then VSS and device-manager services with their counts', async () => {
    const res = await get(`/api/platform/v1/organizations/${customer.id}/services`, orgToken);
    expect(res.statusCode).toBe(200);
    const services = res.json().services;
    expect(services[0]).toEqual({
      deviceId: customer.id,
      siteId: null,
      ipAddressList: [],
      name: 'Initech',
      serviceType: 'VORTEX',
      connected: true,
      statistics: { camera: { count: 1, abnormalCount: 1 }, server: { count: 0, abnormalCount: 0 } },
      remoteAccess: { enabled: false, requesting: false, frpUrl: null },
    });
    const byId = new Map(services.map((service: { deviceId: string }) => [service.deviceId, service]));
    expect(byId.get(vss.id)).toMatchObject({
      siteId: site.id,
      serviceType: 'VSS',
      connected: true,
      ipAddressList: [expect.any(String)],
      statistics: { camera: { count: 2, abnormalCount: 1 }, server: { count: 2, abnormalCount: 1 } },
      remoteAccess: { enabled: true, requesting: false, frpUrl: 'https://frp.example/vss' },
    });
    expect(byId.get(manager.id)).toMatchObject({
      serviceType: 'DEVICE_MANAGER',
      connected: false,
      statistics: { camera: { count: 0, abnormalCount: 0 }, server: { count: 1, abnormalCount: 1 } },
    });
  });
});

describe('GET /api/platform/v1/organizations/{orgId}/statistics', () => {
  it('counts the second platform of the organization', async () => {
    const res = await get(`/api/platform/v1/organizations/${customer.id}/statistics`, orgToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      camera: { count: 2, abnormalCount: 1, statusCount: { offline: 1, recording: 1 } },
      server: { count: 3, abnormalCount: 2, offlineCount: 1, statusCount: { offline: 1, diskFailed: 1 } },
    });
  });
});

describe('GET /api/platform/v1/sites/{siteId}/devices', () => {
  it('lists second-platform devices with connected and isRecording', async () => {
    const res = await get(`/api/platform/v1/sites/${site.id}/devices`, orgToken);
    expect(res.statusCode).toBe(200);
    const devices = res.json().devices;
    expect(devices).toHaveLength(5);
    const camB = devices.find((d: { deviceName: string }) => d.deviceName === 'Cam B');
    expect(camB).toMatchObject({
      connected: false,
      isRecording: true,
      deviceState: 'OFFLINE',
      serviceId: vss.id,
      serverId: vss.id,
      status: { offline: true },
    });
    expect(devices.find((d: { deviceName: string }) => d.deviceName === 'Cam A')).toMatchObject({
      connected: true,
      deviceState: 'RECORDING',
      status: {},
    });
  });
});

describe('tokens and isolation', () => {
  it('an organization token sees only its organization, its sites and its services', async () => {
    for (const url of [
      `/api/platform/v1/organizations/${other.id}/services`,
      `/api/platform/v1/organizations/${other.id}/statistics`,
      `/api/platform/v1/sites/${rivalSite.id}/devices`,
      '/api/platform/v1/sites/zzz/devices',
      '/api/platform/v1/organizations/zzz/services',
    ]) {
      expect((await get(url, orgToken)).statusCode, url).toBe(404);
    }
    const otherToken = await organizationToken(t.app, dealer, other.id);
    expect((await get(`/api/platform/v1/sites/${site.id}/devices`, otherToken)).statusCode).toBe(404);
  });

  it("another company's organization token gets 404 for this customer", async () => {
    const rivalToken = await organizationToken(t.app, rival, rivalSite.organizationId);
    expect((await get(`/api/platform/v1/organizations/${customer.id}/services`, rivalToken)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/platform/v1/sites/${site.id}/devices`, rivalToken)).statusCode).toBe(404);
  });

  it('org-scoped calls refuse a company token and company-wide calls an organization token (401)', async () => {
    const company = await companyToken(t.app, dealer);
    expect((await get(`/api/platform/v1/organizations/${customer.id}/services`, company)).statusCode).toBe(
      401,
    );
    expect((await get('/api/platform/v1/organizations/statistics', orgToken)).statusCode).toBe(401);
    const rivalCompany = await companyToken(t.app, rival);
    const issues = (await get('/api/platform/v1/organizations/statistics', rivalCompany)).json()
      .organizationIssues;
    expect(issues).toEqual([]);
  });
});
