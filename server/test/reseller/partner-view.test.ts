import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  buildCustomer,
  buildDevice,
  buildIncident,
  buildSite,
  companyToken,
} from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 16 drill-down: a distributor (or HQ) exchanges its session for a read-only company token of a dealer
 * below it; the dealer's dashboard, customers and incidents read with it; every write is 403.
 */

let t: TestApp;
let disty: BuiltCompany;
let otherDisty: BuiltCompany;
let dealer: BuiltCompany;
let strangerDealer: BuiltCompany;
let orgId: string;
let siteId: string;
let incidentId: string;
let deviceId: string;
const sessions: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  const hq = await buildCompany(db, { name: 'View HQ', roles: ['hq-pm'] });
  disty = await buildCompany(db, { name: 'View Disty', roles: ['disty'], parentCompanyId: hq.id });
  otherDisty = await buildCompany(db, { name: 'Other Disty', roles: ['disty'], parentCompanyId: hq.id });
  dealer = await buildCompany(db, { name: 'Viewed Dealer', parentCompanyId: disty.id });
  strangerDealer = await buildCompany(db, { name: 'Stranger Dealer', parentCompanyId: otherDisty.id });
  const customer = await buildCustomer(db, dealer);
  orgId = customer.id;
  const site = await buildSite(db, customer);
  siteId = site.id;
  const device = await buildDevice(db, site, { platform: 'second', device_category: 'CAMERA' });
  deviceId = device.id;
  incidentId = (await buildIncident(db, site, { category: 'CAMERA', alert_type: 'OFFLINE', deviceId })).id;
  for (const company of [hq, disty, dealer])
    sessions[company.id] = (await signIn(t.app, company.owner.email, company.owner.password)).idToken;
  sessions.hq = sessions[hq.id]!;
}, 120_000);

afterAll(() => t?.close());

const viewToken = async (session: string, companyId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reseller/auth/vortextoken',
    headers: bearer(session),
    payload: { companyId },
  });

describe('drill-down into a dealer below', () => {
  it('reads the dealer’s dashboard, customers and incidents as the dealer’s own token does', async () => {
    const res = await viewToken(sessions[disty.id]!, dealer.id);
    expect(res.statusCode).toBe(200);
    const view = bearer(res.json().token);
    const own = bearer(await companyToken(t.app, dealer));
    for (const url of [
      '/api/user-portal/companies/statistics',
      '/api/user-portal/companies/organizations',
      '/api/user-portal/companies/incidents?state=all',
      `/api/user-portal/organizations/${orgId}/info`,
    ]) {
      const viewed = await t.app.inject({ method: 'GET', url, headers: view });
      const dealers = await t.app.inject({ method: 'GET', url, headers: own });
      expect(viewed.statusCode, `${url}: ${viewed.body}`).toBe(200);
      expect(viewed.json(), url).toEqual(dealers.json());
    }
    const incidents = await t.app.inject({
      method: 'GET',
      url: '/api/user-portal/companies/incidents?state=all',
      headers: view,
    });
    expect(incidents.json().items.map((i: { id: string }) => i.id)).toContain(incidentId);
  });

  it('reads what the dealer reads with its session (license inventory, a customer’s contact) [issue 23]', async () => {
    const view = bearer((await viewToken(sessions[disty.id]!, dealer.id)).json().token);
    const own = bearer(sessions[dealer.id]!);
    for (const url of [
      '/api/default/license/info',
      '/api/default/license/quantity',
      `/api/default/v1/organizations/${orgId}/metadata`,
    ]) {
      const viewed = await t.app.inject({ method: 'GET', url, headers: view });
      const dealers = await t.app.inject({ method: 'GET', url, headers: own });
      expect(dealers.statusCode, `${url}: ${dealers.body}`).toBe(200);
      expect(viewed.statusCode, `${url}: ${viewed.body}`).toBe(200);
      expect(viewed.json(), url).toEqual(dealers.json());
    }
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/default/v1/organizations/${orgId}/metadata`,
      headers: view,
      payload: { reference: 'R-9' },
    });
    expect(write.statusCode, write.body).toBe(403);
    expect(write.json().detail).toBe('This view is read-only.');
    // The dealer's own account settings are not part of the view.
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/v1/settings',
      headers: view,
    });
    expect(settings.statusCode, settings.body).toBe(403);
  });

  it('refuses every write with the view, and the dealer’s writes to the distributor’s own session', async () => {
    const view = bearer((await viewToken(sessions[disty.id]!, dealer.id)).json().token);
    for (const [method, url] of [
      ['POST', `/api/user-portal/companies/incidents/${incidentId}/acknowledge`],
      ['POST', `/api/user-portal/companies/devices/${deviceId}/mute`],
      ['POST', `/api/user-portal-auth/organizations/${orgId}/otp`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: view, payload: { minutes: 60 } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json().detail).toBe('This view is read-only.');
    }
    const metadata = await t.app.inject({
      method: 'PATCH',
      url: `/api/default/v1/organizations/${orgId}/metadata`,
      headers: bearer(sessions[disty.id]!),
      payload: { contactEmail: 'x@example.test' },
    });
    expect(metadata.statusCode).toBe(403);
    const acknowledged = await t.app.db
      .selectFrom('incidents')
      .select('acknowledged_at')
      .where('id', '=', Number(incidentId))
      .executeTakeFirstOrThrow();
    expect(acknowledged.acknowledged_at).toBeNull();
  });

  it('gives organization tokens of the dealer’s customers for the customer detail, read-only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/reseller/v1/organizations/${orgId}/vsaas-token?companyId=${dealer.id}`,
      headers: bearer(sessions[disty.id]!),
    });
    expect(res.statusCode, res.body).toBe(200);
    const devices = await t.app.inject({
      method: 'GET',
      url: `/api/platform/v1/sites/${siteId}/devices`,
      headers: bearer(res.json().token),
    });
    expect(devices.statusCode, devices.body).toBe(200);
    expect(JSON.stringify(devices.json())).toContain(deviceId);
    // Without the view, a distributor still gets no organization token.
    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/reseller/v1/organizations/${orgId}/vsaas-token`,
      headers: bearer(sessions[disty.id]!),
    });
    expect(plain.statusCode).toBe(403);
  });

  it('is audited', async () => {
    await viewToken(sessions[disty.id]!, dealer.id);
    const row = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'company_id'])
      .where('action', '=', 'partner.view')
      .where('company_id', '=', disty.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ target_id: dealer.id });
  });

  it('outside the hierarchy, for a non-dealer, or from a dealer: 404', async () => {
    expect((await viewToken(sessions[disty.id]!, strangerDealer.id)).statusCode).toBe(404);
    expect((await viewToken(sessions.hq!, otherDisty.id)).statusCode).toBe(404);
    expect((await viewToken(sessions[dealer.id]!, strangerDealer.id)).statusCode).toBe(404);
    // HQ sees every dealer.
    expect((await viewToken(sessions.hq!, strangerDealer.id)).statusCode).toBe(200);
  });

  it('ends as soon as the dealer moves out from under the distributor', async () => {
    const view = bearer((await viewToken(sessions[disty.id]!, dealer.id)).json().token);
    const url = '/api/user-portal/companies/statistics';
    expect((await t.app.inject({ method: 'GET', url, headers: view })).statusCode).toBe(200);
    await t.app.db
      .updateTable('companies')
      .set({ parent_company_id: otherDisty.id })
      .where('id', '=', dealer.id)
      .execute();
    try {
      expect((await t.app.inject({ method: 'GET', url, headers: view })).statusCode).toBe(401);
    } finally {
      await t.app.db
        .updateTable('companies')
        .set({ parent_company_id: disty.id })
        .where('id', '=', dealer.id)
        .execute();
    }
  });
});
