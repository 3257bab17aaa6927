import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  type BuiltCustomer,
  type BuiltSite,
  buildCustomer,
  buildDevice,
  buildSite,
  companyToken,
  organizationToken,
} from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;
let rivalToken: string;
let customer: BuiltCustomer;
let dealer: BuiltCompany;
let sites: BuiltSite[];

const get = (url: string, auth = token) => t.app.inject({ method: 'GET', url, headers: bearer(auth) });
const url = (orgId: string, query = '') => `/api/monitoring/v2/organizations/${orgId}/sites-status${query}`;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  dealer = await buildCompany(db);
  const rival = await buildCompany(db);
  token = await companyToken(t.app, dealer);
  rivalToken = await companyToken(t.app, rival);
  customer = await buildCustomer(db, dealer);
  sites = [];
  for (let i = 0; i < 5; i++) sites.push(await buildSite(db, customer));
  await buildDevice(db, sites[0]!, { platform: 'second', connected: false });
  await buildDevice(db, sites[1]!, { platform: 'first', online: false });
});

afterAll(() => t?.close());

describe('GET /api/monitoring/v2/organizations/{orgId}/sites-status', () => {
  it('pages through every site once, flagged from second-platform devices', async () => {
    const seen: { id: string; hasDeviceStatus: boolean }[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(url(customer.id, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      expect(res.statusCode).toBe(200);
      const body: { items: typeof seen; next_cursor: string | null } = res.json();
      seen.push(...body.items);
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen.map((site) => site.id).sort()).toEqual(sites.map((site) => site.id).sort());
    expect(seen.filter((site) => site.hasDeviceStatus).map((site) => site.id)).toEqual([sites[0]!.id]);
  });

  it('answers 400 for a bad cursor and 404 outside the company or for a malformed id', async () => {
    expect((await get(url(customer.id, '?cursor=%E2%9C%93'))).statusCode).toBe(400);
    expect((await get(url(customer.id), rivalToken)).statusCode).toBe(404);
    expect((await get(url('x'))).statusCode).toBe(404);
  });

  it('takes the company token only', async () => {
    const orgToken = await organizationToken(t.app, dealer, customer.id);
    expect((await get(url(customer.id), orgToken)).statusCode).toBe(401);
  });
});
