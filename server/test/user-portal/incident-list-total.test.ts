import type { IncidentPage } from '@portal/contracts/incidents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import { buildCustomer, buildIncident, buildSite, companyToken } from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 23 point 4: the incident list says how many incidents match its filters in all, not only the page. */
let t: TestApp;
let dealer: BuiltCompany;
let token: string;
let rivalToken: string;
let alphaId: string;

beforeAll(async () => {
  t = await buildTestApp();
  dealer = await buildCompany(t.app.db);
  const rival = await buildCompany(t.app.db);
  token = await companyToken(t.app, dealer);
  rivalToken = await companyToken(t.app, rival);
  const alpha = await buildSite(t.app.db, await buildCustomer(t.app.db, dealer, { name: 'Alpha' }));
  const beta = await buildSite(t.app.db, await buildCustomer(t.app.db, dealer, { name: 'Beta' }));
  alphaId = alpha.organizationId;
  // Alpha: 5 open camera incidents, 2 open server ones, 3 resolved; Beta: 4 open camera incidents.
  for (let n = 0; n < 5; n++)
    await buildIncident(t.app.db, alpha, { category: 'CAMERA', alert_type: 'OFFLINE' });
  for (let n = 0; n < 2; n++)
    await buildIncident(t.app.db, alpha, { category: 'SERVER', alert_type: 'OFFLINE' });
  for (let n = 0; n < 3; n++)
    await buildIncident(t.app.db, alpha, { category: 'CAMERA', alert_type: 'OFFLINE', resolved: true });
  for (let n = 0; n < 4; n++)
    await buildIncident(t.app.db, beta, { category: 'CAMERA', alert_type: 'OFFLINE' });
  // Another dealer's incidents never count.
  const other = await buildSite(t.app.db, await buildCustomer(t.app.db, rival));
  for (let n = 0; n < 6; n++)
    await buildIncident(t.app.db, other, { category: 'CAMERA', alert_type: 'OFFLINE' });
});
afterAll(() => t.close());

async function page(query: string, as = token): Promise<IncidentPage> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/user-portal/companies/incidents?${query}`,
    headers: bearer(as),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/user-portal/companies/incidents: the total for the filters', () => {
  it('counts every matching incident, not only the first page', async () => {
    const first = await page('limit=3');
    expect(first.items).toHaveLength(3);
    expect(first.next_cursor).not.toBeNull();
    expect(first.total).toBe(11);
  });

  it('follows each filter: state, category, customer', async () => {
    expect((await page('state=all&limit=3')).total).toBe(14);
    expect((await page('state=resolved')).total).toBe(3);
    expect((await page('category=SERVER')).total).toBe(2);
    expect((await page(`organizationId=${alphaId}&category=CAMERA`)).total).toBe(5);
    expect((await page(`organizationId=${alphaId}&state=all`)).total).toBe(10);
  });

  it('counts from the start time the age filter gives', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    expect((await page(`since=${encodeURIComponent(soon)}`)).total).toBe(0);
    const before = new Date(Date.now() - 2 * 3600_000).toISOString();
    expect((await page(`since=${encodeURIComponent(before)}`)).total).toBe(11);
  });

  it('is counted once per list: the pages after the first answer null', async () => {
    const first = await page('limit=4');
    const second = await page(`limit=4&cursor=${first.next_cursor}`);
    expect(second.items).toHaveLength(4);
    expect(second.total).toBeNull();
  });

  it('counts the caller’s company only', async () => {
    expect((await page('state=all', rivalToken)).total).toBe(6);
  });
});
