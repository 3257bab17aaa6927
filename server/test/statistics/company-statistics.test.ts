import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToken } from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  buildWorld,
  cameraStats,
  expectedCompanyStatistics,
  isUnlicensed,
  serverStats,
  type World,
} from './world.ts';

/**
 * Builds random devices, licenses and incidents for two dealers, remembers every row in plain objects
 * (world.ts), and checks the statistics endpoints against counts computed there, independently of the SQL.
 */

let t: TestApp;
const worlds: World[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  worlds.push(await buildWorld(t.app.db, 3), await buildWorld(t.app.db, 2));
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
        devices.filter((d) => d.kind === 'camera' && isUnlicensed(world, d)).length,
      );
    }
  });
});
