import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCallerHook } from '../../src/auth/caller-hook.ts';
import { buildCustomer, buildDevice, buildIncident, buildSite } from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { ROUTES } from './route-table.ts';
import { buildSecurityFixture, type SecurityFixture } from './security-fixture.ts';

/**
 * Tenant scoping by declaration (issue 28 item 3): a route names the organization, customer, site, device
 * or incident it acts on in `config.actsOn`, and the caller hook checks it before the handler. Each kind
 * answers another tenant's id exactly as the handlers' own checks did: 404 with the kind's message. The
 * caller's own company (`company`, issue 28 item 6) likewise, with the owner's 403 after it.
 */

let t: TestApp;
let f: SecurityFixture;
/** Acme's second customer, with a site, a device and an incident; an organization token of the first. */
let second: { orgId: string; siteId: string; deviceId: string; incidentId: string };

beforeAll(async () => {
  t = await buildTestApp();
  f = await buildSecurityFixture(t);
  const customer = await buildCustomer(t.app.db, f.acme);
  const site = await buildSite(t.app.db, customer);
  const device = await buildDevice(t.app.db, site);
  const incident = await buildIncident(t.app.db, site, {
    category: 'CAMERA',
    alert_type: 'RECORDING_FAILED',
    deviceId: device.id,
  });
  second = { orgId: customer.id, siteId: site.id, deviceId: device.id, incidentId: incident.id };
}, 180_000);
afterAll(() => t.close());

const notFound = (detail: string) => ({ status: 404, body: { detail, extraType: 'NOT_FOUND' } });
const readOnly = { status: 403, body: { detail: 'This view is read-only.', extraType: 'FORBIDDEN' } };

interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (f: SecurityFixture) => string;
  token: (f: SecurityFixture) => string;
  payload?: (f: SecurityFixture) => object;
  expected: { status: number; body: unknown };
}

const onlyTheOwner = {
  status: 403,
  body: { detail: 'Only the company owner can do this.', extraType: 'FORBIDDEN' },
};

const CASES: Record<string, Record<string, Case>> = {
  company: {
    "another company on a members' route": {
      method: 'GET',
      url: (f) => `/api/reseller/v1/companies/${f.other.id}/users`,
      token: (f) => f.credentials.memberSession,
      expected: notFound('Company not found'),
    },
    "another company on an owner's route, named by a member: the company before the owner": {
      method: 'POST',
      url: (f) => `/api/reseller/v1/companies/${f.other.id}/api-keys`,
      token: (f) => f.credentials.memberSession,
      payload: () => ({ name: 'Sync', scopes: ['read'] }),
      expected: notFound('Company not found'),
    },
    "a member on an owner's route of its own company": {
      method: 'PUT',
      url: (f) => `/api/reseller/v1/companies/${f.acme.id}/security`,
      token: (f) => f.credentials.memberSession,
      payload: () => ({ requireMfa: false }),
      expected: onlyTheOwner,
    },
    "a member's invalid body on an owner's route: the request's validation before the owner": {
      method: 'PUT',
      url: (f) => `/api/reseller/v1/companies/${f.acme.id}/security`,
      token: (f) => f.credentials.memberSession,
      payload: () => ({ requireMfa: 'sometimes' }),
      expected: { status: 400, body: expect.objectContaining({ extraType: 'VALIDATION' }) },
    },
  },
  organization: {
    "another company's customer (company token)": {
      method: 'GET',
      url: (f) => `/api/user-portal/organizations/${f.ids.orgId}/info`,
      token: (f) => f.credentials.otherCompany,
      expected: notFound('Organization not found'),
    },
    'another customer of the same company (organization token)': {
      method: 'GET',
      url: () => `/api/platform/v1/organizations/${second.orgId}/services`,
      token: (f) => f.credentials.organization,
      expected: notFound('Organization not found'),
    },
    'an id that is no uuid': {
      method: 'GET',
      url: () => '/api/monitoring/v2/organizations/not-a-uuid/sites-status',
      token: (f) => f.credentials.company,
      expected: notFound('Organization not found'),
    },
    "a view of another dealer reading this dealer's customer": {
      method: 'GET',
      url: (f) => `/api/user-portal/organizations/${f.ids.orgId}/statistics`,
      token: (f) => f.credentials.hqViewOtherCompany,
      expected: notFound('Organization not found'),
    },
    "a partner's drill-down to another dealer asking for this dealer's customer": {
      method: 'POST',
      url: (f) => `/api/reseller/v1/organizations/${f.ids.orgId}/vsaas-token?companyId=${f.other.id}`,
      token: (f) => f.credentials.hqSession,
      expected: notFound('Organization not found'),
    },
    'a drill-down by a region to a dealer not below it': {
      method: 'POST',
      url: (f) => `/api/reseller/v1/organizations/${f.ids.orgId}/vsaas-token?companyId=${f.acme.id}`,
      token: (f) => f.credentials.regionSession,
      expected: notFound('Company not found'),
    },
  },
  'remote-access request': {
    "a request for another company's customer": {
      method: 'POST',
      url: (f) => `/api/default/v1/organizations/${f.ids.orgId}/vortex-send-request`,
      token: (f) => f.credentials.otherSession,
      expected: notFound('Organization not found'),
    },
    "an abort for another company's customer": {
      method: 'DELETE',
      url: (f) => `/api/default/v1/organizations/${f.ids.orgId}/remote-access-request`,
      token: (f) => f.credentials.otherSession,
      expected: notFound('Organization not found'),
    },
  },
  // The scope is checked before the request's meaning: these two answered 409 / 400 before issue 28.
  'scope first': {
    "another company's customer with a server listed twice": {
      method: 'POST',
      url: (f) => `/api/default/v1/organizations/${f.ids.orgId}/obm-send-request`,
      token: (f) => f.credentials.otherSession,
      payload: (f) =>
        [0, 1].map(() => ({
          siteId: f.ids.siteId,
          server: { deviceId: f.ids.serviceId, name: 'VSS', type: 'VSS', ip: '10.0.0.2' },
        })),
      expected: notFound('Organization not found'),
    },
    "another company's customer with a forged cursor": {
      method: 'GET',
      url: (f) => `/api/partner/v1/customers/${f.ids.orgId}/sites?cursor=forged`,
      token: (f) => f.credentials.otherApiKey,
      expected: notFound('Customer not found'),
    },
  },
  customer: {
    "another company's key": {
      method: 'GET',
      url: (f) => `/api/partner/v1/customers/${f.ids.orgId}/sites`,
      token: (f) => f.credentials.otherApiKey,
      expected: notFound('Customer not found'),
    },
    "HQ's key reading another dealer below it": {
      method: 'GET',
      url: (f) => `/api/partner/v1/customers/${f.ids.orgId}?companyId=${f.other.id}`,
      token: (f) => f.credentials.hqApiKey,
      expected: notFound('Customer not found'),
    },
  },
  site: {
    "another company's site": {
      method: 'GET',
      url: (f) => `/api/user-portal/sites/${f.ids.siteId}/devices`,
      token: (f) => f.credentials.otherCompany,
      expected: notFound('Site not found'),
    },
    'a site of another customer of the same company (organization token)': {
      method: 'GET',
      url: () => `/api/platform/v1/sites/${second.siteId}/devices`,
      token: (f) => f.credentials.organization,
      expected: notFound('Site not found'),
    },
  },
  device: {
    "another company's device": {
      method: 'POST',
      url: (f) => `/api/user-portal/companies/devices/${f.ids.deviceId}/mute`,
      token: (f) => f.credentials.otherCompany,
      payload: () => ({ minutes: 60 }),
      expected: notFound('Device not found'),
    },
    "another company's key": {
      method: 'DELETE',
      url: () => `/api/partner/v1/devices/${second.deviceId}/mute`,
      token: (f) => f.credentials.otherApiKey,
      expected: notFound('Device not found'),
    },
  },
  incident: {
    "another company's incident": {
      method: 'GET',
      url: () => `/api/user-portal/companies/incidents/${second.incidentId}`,
      token: (f) => f.credentials.otherCompany,
      expected: notFound('Incident not found'),
    },
    'an id that is no number (partner API)': {
      method: 'GET',
      url: () => '/api/partner/v1/incidents/abc',
      token: (f) => f.credentials.apiKey,
      expected: notFound('Incident not found'),
    },
    "a write on a dealer below HQ's key: read-only before anything is looked up": {
      method: 'POST',
      url: (f) => `/api/partner/v1/incidents/999999999/acknowledge?companyId=${f.acme.id}`,
      token: (f) => f.credentials.hqApiKey,
      expected: readOnly,
    },
  },
};

describe.each(Object.entries(CASES))(
  '%s: another tenant’s id gets the answer it always got',
  (_kind, cases) => {
    it.each(Object.entries(cases))('%s', async (_name, c) => {
      const res = await t.app.inject({
        method: c.method,
        url: c.url(f),
        headers: bearer(c.token(f)),
        ...(c.payload ? { payload: c.payload(f) } : {}),
      });
      expect({ status: res.statusCode, body: res.json() }).toEqual(c.expected);
    });
  },
);

describe('every route declares what it acts on', () => {
  const probe = () => {
    const app = Fastify();
    app.decorate('config', t.config);
    app.decorate('db', t.app.db);
    registerCallerHook(app);
    return app;
  };
  const config = { caller: 'company-token' } as const;

  it.each([
    ['/api/user-portal/organizations/:orgId/things', "organization: 'params.orgId'"],
    ['/api/user-portal/sites/:siteId/things', "site: 'params.siteId'"],
    ['/api/user-portal/companies/devices/:deviceId/things', "device: 'params.deviceId'"],
    ['/api/user-portal/companies/incidents/:id/things', "incident: 'params.id'"],
    ['/api/partner/v1/customers/:id/things', "customer: 'params.id'"],
    ['/api/reseller/v1/companies/:companyId/things', "company: 'params.companyId'"],
  ])('refuses to start when %s declares nothing', (url, declaration) => {
    expect(() => probe().get(url, { config }, async () => ({}))).toThrow(
      `GET ${url}: declare config.actsOn: { ${declaration} }`,
    );
  });

  it('refuses a declaration of another kind or of a parameter the path does not have', () => {
    const url = '/api/user-portal/organizations/:orgId/things';
    expect(() =>
      probe().get(url, { config: { ...config, actsOn: { site: 'params.orgId' } } }, async () => ({})),
    ).toThrow('declare config.actsOn');
    expect(() =>
      probe().get(
        url,
        { config: { ...config, actsOn: { organization: 'params.orgId', site: 'params.siteId' } } },
        async () => ({}),
      ),
    ).toThrow(`GET ${url}: config.actsOn.site names no path parameter`);
  });

  it('starts with a declared route, and every such route of the app has its other-tenant row', () => {
    const url = '/api/user-portal/organizations/:orgId/things';
    expect(() =>
      probe().get(url, { config: { ...config, actsOn: { organization: 'params.orgId' } } }, async () => ({})),
    ).not.toThrow();
    const naming = /\/(organizations|customers|sites|devices|incidents)\/\{/;
    const rows = Object.entries(ROUTES).filter(([route]) => naming.test(route));
    expect(rows.length).toBeGreaterThan(20);
    for (const [route, row] of rows) {
      expect(row.scoped === true || ('names' in row && row.names === true), route).toBe(true);
    }
  });
});
