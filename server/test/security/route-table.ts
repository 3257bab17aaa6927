import type { SecurityFixture } from './security-fixture.ts';

/**
 * Every route of every service with who may call it. The security suites run over this table, and the
 * authorization matrix fails when the OpenAPI document lists a route without a row.
 */

export type Auth = 'public' | 'session' | 'company' | 'organization' | 'company-or-organization';

export interface Row {
  auth: Auth;
  /** Only the company owner may call it: a member gets 403. */
  ownerOnly?: boolean;
  /** Whether the path names something of company A (so another company's token must get 404). */
  scoped?: boolean;
  /** A valid body, so the check is about who calls, not what they send. */
  body?: (f: SecurityFixture) => unknown;
}

export const ROUTES: Record<string, Row> = {
  'POST /api/reseller/auth/password': { auth: 'public' },
  'GET /api/reseller/v1/companies/info': { auth: 'session' },
  'PATCH /api/reseller/v1/companies/info': {
    auth: 'session',
    ownerOnly: true,
    body: () => ({ name: 'Acme' }),
  },
  'GET /api/reseller/v1/me': { auth: 'session' },
  'PATCH /api/reseller/v1/users/{id}': { auth: 'session', scoped: true, body: () => ({ name: 'Renamed' }) },
  'GET /api/reseller/v1/companies/{companyId}/users': { auth: 'session', scoped: true },
  'POST /api/reseller/v1/companies/{companyId}/users': {
    auth: 'session',
    ownerOnly: true,
    scoped: true,
    body: () => ({ email: `new${Math.random().toString(36).slice(2)}@example.test`, name: 'New' }),
  },
  'DELETE /api/reseller/v1/companies/{companyId}/users/{id}': {
    auth: 'session',
    ownerOnly: true,
    scoped: true,
  },
  'POST /api/reseller/v1/companies/{companyId}/users/{id}/owner': {
    auth: 'session',
    ownerOnly: true,
    scoped: true,
  },
  'POST /api/reseller/auth/vortextoken': {
    auth: 'session',
    scoped: true,
    body: (f) => ({ companyId: f.acme.id }),
  },
  'POST /api/reseller/v1/organizations/{orgId}/vsaas-token': { auth: 'session', scoped: true },
  'GET /api/user-portal/companies/organizations': { auth: 'company' },
  'GET /api/user-portal/organizations/{orgId}/info': { auth: 'company', scoped: true },
  'GET /api/user-portal/organizations/{orgId}/license-statistics': { auth: 'company', scoped: true },
  'GET /api/user-portal/organizations/{orgId}/sites': { auth: 'company', scoped: true },
  'GET /api/user-portal/companies/site-locations': { auth: 'company' },
  'GET /api/user-portal/organizations/{orgId}/sites-status': { auth: 'company', scoped: true },
  'GET /api/user-portal/sites/{siteId}/devices': { auth: 'company', scoped: true },
  'GET /api/user-portal/companies/statistics': { auth: 'company' },
  'GET /api/user-portal/companies/statistics/customers': { auth: 'company' },
  'GET /api/user-portal/organizations/statistics': { auth: 'company' },
  'GET /api/user-portal/organizations/{orgId}/statistics': { auth: 'company', scoped: true },
  'POST /api/user-portal-auth/organizations/{orgId}/otp': { auth: 'company', scoped: true },
  'POST /api/user-portal-auth/otp/consume': { auth: 'public' },
  'GET /api/platform/v1/organizations/statistics': { auth: 'company' },
  'GET /api/platform/v1/organizations/{orgId}/statistics': { auth: 'organization', scoped: true },
  'GET /api/platform/v1/organizations/{orgId}/services': { auth: 'organization', scoped: true },
  'GET /api/platform/v1/sites/{siteId}/devices': { auth: 'organization', scoped: true },
  'GET /api/monitoring/v2/organizations/{orgId}/sites-status': { auth: 'company', scoped: true },
  'POST /api/obm/v1/stats/login_record': {
    auth: 'session',
    body: (f) => ({ email: f.acme.owner.email, region: 'eu', timestamp: Date.now() }),
  },
  'GET /api/obm/v1/companies/statistics': { auth: 'session' },
  'GET /api/default/license/info': { auth: 'session' },
  'GET /api/default/license/quantity': { auth: 'session' },
  'GET /api/default/v1/organizations/{orgId}/metadata': { auth: 'session', scoped: true },
  'PATCH /api/default/v1/organizations/{orgId}/metadata': {
    auth: 'session',
    scoped: true,
    body: () => ({ reference: 'R-1' }),
  },
  'POST /api/default/v1/organizations/{orgId}/vortex-send-request': { auth: 'session', scoped: true },
  'POST /api/default/v1/organizations/{orgId}/obm-send-request': {
    auth: 'session',
    scoped: true,
    body: (f) => [
      {
        siteId: f.ids.siteId,
        server: { deviceId: f.ids.serviceId, name: 'VSS', type: 'VSS', ip: '10.0.0.2' },
      },
    ],
  },
  'DELETE /api/default/v1/organizations/{orgId}/remote-access-request': { auth: 'session', scoped: true },
};

/** The route's URL with every path parameter naming something of company A. */
export function urlOf(route: string, f: SecurityFixture): string {
  const path = route.split(' ')[1] ?? '';
  return path
    .replace('{companyId}', f.acme.id)
    .replace('{orgId}', f.ids.orgId)
    .replace('{siteId}', f.ids.siteId)
    .replace('{id}', f.acmeMember.id);
}

/** The credential that passes the route's token check. */
export function rightCredential(row: Row, f: SecurityFixture): string | undefined {
  if (row.auth === 'public') return undefined;
  if (row.auth === 'session') return f.credentials.ownerSession;
  return row.auth === 'organization' ? f.credentials.organization : f.credentials.company;
}
