import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { sessionTokenFor } from './api.ts';
import type { TestCompany } from './test-kit.ts';

/** The ingest key of a platform the server under test created in its DATA_DIR (demo mode). */
export function ingestKeyOf(serverDataDir: string, platform: 'VORTEX' | 'VSS'): string {
  const keys = JSON.parse(readFileSync(path.join(serverDataDir, 'demo-ingest-keys.json'), 'utf8')) as {
    platform: string;
    key: string;
  }[];
  const found = keys.find((entry) => entry.platform === platform);
  if (!found) throw new Error(`no ${platform} ingest key in ${serverDataDir}`);
  return found.key;
}

/** Sends device reports as a platform does; expects every one accepted. */
export async function sendReports(
  request: APIRequestContext,
  key: string,
  reports: { deviceId: string; connected?: boolean; status?: Record<string, boolean> }[],
): Promise<void> {
  const response = await request.post('/api/ingest/v1/reports', {
    headers: { authorization: `Bearer ${key}` },
    data: {
      reports: reports.map((report, index) => ({
        id: `e2e-${Date.now()}-${index}-${Math.random().toString(36).slice(2)}`,
        at: new Date().toISOString(),
        ...report,
      })),
    },
  });
  expect(response.status(), await response.text()).toBe(202);
  expect(((await response.json()) as { accepted: number }).accepted).toBe(reports.length);
}

interface DeviceRow {
  id: string;
  deviceName: string;
  deviceCategory: string | null;
  connected: boolean;
  status?: Record<string, boolean>;
}

/**
 * A healthy first-platform camera of the company, through the API the app itself uses; with `viewedCompanyId`,
 * of that dealer below a distributor, read through the distributor's read-only view of it (issue 16).
 */
export async function healthyCameraOf(
  request: APIRequestContext,
  company: TestCompany,
  viewedCompanyId = company.companyId,
): Promise<{ id: string; name: string; customerId: string }> {
  const [camera] = await healthyCamerasOf(request, company, 1, viewedCompanyId);
  if (!camera) throw new Error(`no healthy camera in ${viewedCompanyId}`);
  return camera;
}

/** `count` healthy first-platform cameras of the company (fewer when it has fewer). */
export async function healthyCamerasOf(
  request: APIRequestContext,
  company: TestCompany,
  count: number,
  viewedCompanyId = company.companyId,
): Promise<{ id: string; name: string; customerId: string }[]> {
  const found: { id: string; name: string; customerId: string }[] = [];
  const session = await sessionTokenFor(request, company.owner.email, company.owner.password);
  const tokenResponse = await request.post('/api/reseller/auth/vortextoken', {
    headers: { authorization: `Bearer ${session}` },
    data: { companyId: viewedCompanyId },
  });
  const { token } = (await tokenResponse.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const organizations = (await (
    await request.get('/api/user-portal/companies/organizations', { headers })
  ).json()) as {
    items: { id: string }[];
  };
  for (const organization of organizations.items) {
    const sites = (await (
      await request.get(`/api/user-portal/organizations/${organization.id}/sites`, { headers })
    ).json()) as { items: { id: string }[] };
    for (const site of sites.items) {
      const { devices } = (await (
        await request.get(`/api/user-portal/sites/${site.id}/devices`, { headers })
      ).json()) as {
        devices: DeviceRow[];
      };
      const cameras = devices.filter(
        (device) =>
          device.deviceCategory === 'CAMERA' &&
          device.connected &&
          Object.keys(device.status ?? {}).length === 0,
      );
      for (const camera of cameras) {
        found.push({ id: camera.id, name: camera.deviceName, customerId: organization.id });
        if (found.length >= count) return found;
      }
    }
  }
  return found;
}
