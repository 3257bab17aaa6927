import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  type BuiltSite,
  buildCustomer,
  buildDevice,
  buildSite,
  companyToken,
} from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let dealer: BuiltCompany;
let token: string;
let located: BuiltSite[];
let unlocated: BuiltSite;
let rivalSite: BuiltSite;

const get = (url: string, auth = token) => t.app.inject({ method: 'GET', url, headers: bearer(auth) });
const URL = '/api/user-portal/companies/site-locations';

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  dealer = await buildCompany(db);
  token = await companyToken(t.app, dealer);
  located = [];
  // Sites of three customers: the map shows every customer's sites, not one customer's.
  for (let c = 0; c < 3; c++) {
    const customer = await buildCustomer(db, dealer);
    for (let s = 0; s < 2; s++) {
      located.push(await buildSite(db, customer, { latitude: 10 + c, longitude: 100 + s }));
    }
  }
  unlocated = await buildSite(db, await buildCustomer(db, dealer), { latitude: null, longitude: null });
  rivalSite = await buildSite(db, await buildCustomer(db, await buildCompany(db)));
});

afterAll(() => t?.close());

describe('GET /companies/site-locations', () => {
  it("lists every located site of every one of the dealer's customers, with its customer", async () => {
    const res = await get(URL);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next_cursor).toBeNull();
    expect(body.items.map((item: { id: string }) => item.id).sort()).toEqual(
      located.map((site) => site.id).sort(),
    );
    const first = located[0]!;
    expect(body.items.find((item: { id: string }) => item.id === first.id)).toEqual({
      id: first.id,
      organizationId: first.organizationId,
      name: first.name,
      latitude: 10,
      longitude: 100,
      hasDeviceError: false,
    });
    const ids = body.items.map((item: { id: string }) => item.id);
    expect(ids).not.toContain(unlocated.id);
    expect(ids).not.toContain(rivalSite.id);
  });

  it('following next_cursor returns every located site exactly once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await get(`${URL}?limit=4${query}`);
      expect(res.statusCode).toBe(200);
      const body: { items: { id: string }[]; next_cursor: string | null } = res.json();
      seen.push(...body.items.map((item) => item.id));
      cursor = body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual(located.map((site) => site.id).sort());
  });

  it('flags a site with an offline first-platform device', async () => {
    const troubled = located[1]!;
    await buildDevice(t.app.db, troubled, { online: false });
    const body = (await get(URL)).json();
    const flagged = body.items.filter((item: { hasDeviceError: boolean }) => item.hasDeviceError);
    expect(flagged.map((item: { id: string }) => item.id)).toEqual([troubled.id]);
  });

  it('answers a foreign cursor or a bad limit with 400', async () => {
    expect((await get(`${URL}?cursor=not-ours`)).statusCode).toBe(400);
    expect((await get(`${URL}?limit=0`)).statusCode).toBe(400);
  });
});
