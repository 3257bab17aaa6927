import type { OrganizationService } from '@portal/contracts/platform';
import { describe, expect, it } from 'vitest';
import { entryPointsOf, serverRequestBody } from './entry-points.ts';

const service = (overrides: Partial<OrganizationService>): OrganizationService => ({
  deviceId: 'ABCDEF123456',
  siteId: 'site-1',
  ipAddressList: ['10.0.0.5'],
  name: 'Main VSS',
  serviceType: 'VSS',
  connected: true,
  statistics: { camera: { count: 1, abnormalCount: 0 }, server: { count: 1, abnormalCount: 0 } },
  remoteAccess: { enabled: false, requesting: false, frpUrl: null },
  ...overrides,
});

describe('entryPointsOf', () => {
  it('puts the portal first and keeps servers with a site, with their states', () => {
    const points = entryPointsOf([
      service({
        deviceId: 'SRV000000001',
        name: 'Recorder',
        remoteAccess: { enabled: false, requesting: true, frpUrl: null },
      }),
      service({
        deviceId: 'org-1',
        siteId: null,
        serviceType: 'VORTEX',
        name: 'Acme',
        remoteAccess: { enabled: true, requesting: false, frpUrl: null },
      }),
    ]);
    expect(points.map((p) => [p.id, p.kind, p.state])).toEqual([
      ['portal', 'portal', 'enabled'],
      ['SRV000000001', 'service', 'requesting'],
    ]);
  });
});

describe('a disconnected server', () => {
  it('is shown as disconnected and cannot be chosen for a new request', () => {
    const [offline] = entryPointsOf([service({ deviceId: 'SRV000000002', connected: false })]);
    expect(offline).toMatchObject({ connected: false, selectable: false });
  });

  it('stays choosable while its request is pending or its access granted, to follow or abort it', () => {
    const points = entryPointsOf([
      service({
        deviceId: 'SRV000000003',
        connected: false,
        remoteAccess: { enabled: false, requesting: true, frpUrl: null },
      }),
      service({ deviceId: 'SRV000000004', connected: true }),
    ]);
    expect(points.map((p) => [p.id, p.connected, p.selectable])).toEqual([
      ['SRV000000003', false, true],
      ['SRV000000004', true, true],
    ]);
  });
});

describe('serverRequestBody', () => {
  it('sends the site and the server with its first IP address', () => {
    expect(serverRequestBody(service({ serviceType: 'DEVICE_MANAGER' }))).toEqual([
      {
        siteId: 'site-1',
        server: { deviceId: 'ABCDEF123456', name: 'Main VSS', type: 'DEVICE_MANAGER', ip: '10.0.0.5' },
      },
    ]);
  });
});
