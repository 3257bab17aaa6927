import { DEVICE_SELECTION_STATUSES, INCIDENT_SELECTIONS } from '@portal/contracts/statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToken } from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { buildWorld, expectedCompanyStatistics, type World } from './world.ts';

/**
 * GET /companies/statistics/customers: the customers behind each dashboard number. Every number the
 * dashboard links must equal the total of the customers its link selects, and the customers must be
 * those the remembered rows say (per customer counts computed here, independently of the SQL).
 */

let t: TestApp;
let world: World;
let rival: World;

async function matches(query: string, of: World = world) {
  const res = await t.app.inject({
    url: `/api/user-portal/companies/statistics/customers?${query}`,
    headers: bearer(await companyToken(t.app, of.company)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { unit: string; total: number; items: { organizationId: string; count: number }[] };
}

const tally = (orgs: string[]) => {
  const counts = new Map<string, number>();
  for (const org of orgs) counts.set(org, (counts.get(org) ?? 0) + 1);
  return [...counts]
    .map(([organizationId, count]) => ({ organizationId, count }))
    .sort((a, b) => (a.organizationId < b.organizationId ? -1 : 1));
};

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildWorld(t.app.db, 4);
  rival = await buildWorld(t.app.db, 2);
}, 120_000);

afterAll(() => t?.close());

describe('every dashboard number equals the customers its link selects', () => {
  it('device numbers of each platform, kind and status', async () => {
    const stats = expectedCompanyStatistics(world);
    const groups = [
      ['first', 'camera', stats.platforms.first.camera],
      ['first', 'server', stats.platforms.first.server],
      ['second', 'camera', stats.platforms.second.camera],
      ['second', 'server', stats.platforms.second.server],
    ] as const;
    for (const [platform, device, group] of groups) {
      const base = `platform=${platform}&device=${device}`;
      expect((await matches(base)).total).toBe(group.count);
      expect((await matches(`${base}&status=online`)).total).toBe(group.count - group.statusCount.offline);
      expect((await matches(`${base}&status=healthy`)).total).toBe(group.count - group.abnormalCount);
      expect((await matches(`${base}&status=abnormal`)).total).toBe(group.abnormalCount);
      for (const [status, count] of Object.entries(group.statusCount)) {
        const result = await matches(`${base}&status=${status}`);
        expect(result.total, `${base} ${status}`).toBe(count);
        expect(result.unit).toBe('devices');
      }
    }
    const speakers = stats.platforms.first.ipSpeaker;
    expect((await matches('platform=first&device=ipSpeaker')).total).toBe(speakers.count);
    expect((await matches('platform=first&device=ipSpeaker&status=offline')).total).toBe(
      speakers.offlineCount,
    );
    expect((await matches('platform=first&device=ipSpeaker&status=healthy')).total).toBe(
      speakers.count - speakers.offlineCount,
    );
  });

  it('the customers and counts behind a device number are those of the rows', async () => {
    const offlineCameras = world.devices.filter(
      (d) => d.platform === 'first' && d.kind === 'camera' && !d.online,
    );
    expect((await matches('platform=first&device=camera&status=offline')).items).toEqual(
      tally(offlineCameras.map((d) => d.org)),
    );
  });

  it('open incidents of each alert type, of each category and of all', async () => {
    for (const selection of INCIDENT_SELECTIONS) {
      const [category, alertType] = selection.split('.');
      const open = world.incidents.filter(
        (i) =>
          i.open &&
          (category === 'ALL' || i.category === category) &&
          (alertType === undefined || i.alertType === alertType),
      );
      const result = await matches(`incident=${selection}`);
      expect(result.unit).toBe('incidents');
      expect(result.items).toEqual(tally(open.map((i) => i.org)));
    }
  });

  it('license maturity: licenses and customers per type, retention and window', async () => {
    const { licenseMaturity } = expectedCompanyStatistics(world);
    for (const item of licenseMaturity.items) {
      const type = `licenseType=${item.type}${item.retention === null ? '' : `&retention=${item.retention}`}`;
      for (const [column, query] of [
        ['expired', 'license=expired'],
        ['within30', 'license=expiring&within=30'],
        ['within60', 'license=expiring&within=60'],
        ['within90', 'license=expiring&within=90'],
      ] as const) {
        const result = await matches(`${query}&${type}`);
        expect(result.unit).toBe('licenses');
        expect(result.total, `${type} ${column}`).toBe(item[column]);
        expect(result.items.length, `${type} ${column} customers`).toBe(item.organizations[column]);
      }
    }
    expect((await matches('license=unlicensed')).total).toBe(licenseMaturity.unlicensed.devices);
    const { cameraLicenses } = expectedCompanyStatistics(world);
    expect((await matches('license=active')).total).toBe(
      cameraLicenses.std + cameraLicenses.cloudBackup + cameraLicenses.ipSpeaker,
    );
    expect((await matches('license=active&licenseType=STD')).total).toBe(cameraLicenses.std);
    expect((await matches('license=unlicensed')).items.length).toBe(licenseMaturity.unlicensed.organizations);
  });

  it('sites', async () => {
    const result = await matches('sites=all');
    expect(result.unit).toBe('sites');
    expect(result.items).toEqual(tally(world.sites.map((site) => site.organizationId)));
    expect(result.total).toBe(expectedCompanyStatistics(world).sites.count);
  });

  it('devices by SPEC §4 license state, one state per device', async () => {
    const earliest = (deviceId: string) =>
      Math.min(...world.licenses.filter((l) => l.deviceId === deviceId).map((l) => l.days));
    const licensed = world.devices.filter((d) => world.licenses.some((l) => l.deviceId === d.id));
    expect((await matches('deviceLicense=expired')).items).toEqual(
      tally(licensed.filter((d) => earliest(d.id) < 0).map((d) => d.org)),
    );
    expect((await matches('deviceLicense=expiring')).items).toEqual(
      tally(licensed.filter((d) => earliest(d.id) >= 0 && earliest(d.id) <= 30).map((d) => d.org)),
    );
  });

  it("never lists another dealer's customers", async () => {
    const result = await matches('platform=first', rival);
    expect(result.items.every((item) => rival.orgs.includes(item.organizationId))).toBe(true);
    expect(result.total).toBe(rival.devices.filter((d) => d.platform === 'first').length);
  });

  it('refuses a selection the dashboard cannot count', async () => {
    const res = await t.app.inject({
      url: '/api/user-portal/companies/statistics/customers?device=ipSpeaker&status=diskFailed',
      headers: bearer(await companyToken(t.app, world.company)),
    });
    expect(res.statusCode).toBe(400);
    expect(DEVICE_SELECTION_STATUSES).toContain('diskFailed');
  });
});
