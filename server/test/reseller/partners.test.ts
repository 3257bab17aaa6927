import type { Partner } from '@portal/contracts/partners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { buildWorld, isUnlicensed, SERVER_FLAGS, type World } from '../statistics/world.ts';

/**
 * Issue 16: HQ, regions and distributors see the companies below them, each with figures summed over the
 * dealers under it. Figures are checked against the rows the worlds inserted, not against the SQL.
 *
 * HQ ─┬─ region A ── disty A ─┬─ dealer 1 (2 customers)
 *     │                       └─ dealer 2 (1 customer)
 *     └─ region B ── disty B ─── dealer 3 (1 customer)
 */

let t: TestApp;
let hq: BuiltCompany;
let regionA: BuiltCompany;
let regionB: BuiltCompany;
let distyA: BuiltCompany;
let distyB: BuiltCompany;
let worlds: World[];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  hq = await buildCompany(db, { name: 'Test HQ', roles: ['hq-pm', 'hq-sales'] });
  regionA = await buildCompany(db, { name: 'Region Alpha', roles: ['region'], parentCompanyId: hq.id });
  regionB = await buildCompany(db, { name: 'Region Beta', roles: ['region'], parentCompanyId: hq.id });
  distyA = await buildCompany(db, { name: 'Disty Alpha', roles: ['disty'], parentCompanyId: regionA.id });
  distyB = await buildCompany(db, { name: 'Disty Beta', roles: ['disty'], parentCompanyId: regionB.id });
  worlds = [await buildWorld(db, 2), await buildWorld(db, 1), await buildWorld(db, 1)];
  const parents = [distyA, distyA, distyB];
  for (const [index, world] of worlds.entries()) {
    await db
      .updateTable('companies')
      .set({ parent_company_id: parents[index]!.id })
      .where('id', '=', world.company.id)
      .execute();
  }
  for (const company of [hq, regionA, distyA, worlds[0]!.company])
    tokens[company.id] = (await signIn(t.app, company.owner.email, company.owner.password)).idToken;
}, 180_000);

afterAll(() => t?.close());

const get = (url: string, company: BuiltCompany) =>
  t.app.inject({ method: 'GET', url, headers: bearer(tokens[company.id]!) });

/** The figures of one dealer's world, as the list should show them. */
function expected(world: World) {
  const abnormal = world.devices.filter(
    (d) =>
      !d.online ||
      d.flags.record_failed ||
      d.flags.firmware_updated_failed ||
      SERVER_FLAGS.some((flag) => d.flags[flag]),
  ).length;
  const today = (days: number) => world.licenses.filter((l) => l.days >= 0 && l.days <= days).length;
  return {
    customers: world.orgs.length,
    sites: world.sites.length,
    devices: world.devices.length,
    abnormal,
    openIncidents: world.incidents.filter((i) => i.open).length,
    licenses: {
      expired: world.licenses.filter((l) => l.days < 0).length,
      expiring30: today(30),
      expiring60: today(60),
      expiring90: today(90),
    },
    unlicensedDevices: world.devices.filter((d) => isUnlicensed(world, d)).length,
  };
}

/** `dealer`: the row is one of the dealers itself, which has no dealers below it. */
function summed(list: World[], dealer = false) {
  const parts = list.map(expected);
  const sum = (pick: (p: ReturnType<typeof expected>) => number) => parts.reduce((n, p) => n + pick(p), 0);
  const devices = sum((p) => p.devices);
  return {
    customers: sum((p) => p.customers),
    sites: sum((p) => p.sites),
    devices,
    healthyPercent:
      devices === 0 ? null : Math.round((1000 * (devices - sum((p) => p.abnormal))) / devices) / 10,
    openIncidents: sum((p) => p.openIncidents),
    licenses: {
      expired: sum((p) => p.licenses.expired),
      expiring30: sum((p) => p.licenses.expiring30),
      expiring60: sum((p) => p.licenses.expiring60),
      expiring90: sum((p) => p.licenses.expiring90),
    },
    unlicensedDevices: sum((p) => p.unlicensedDevices),
    dealers: dealer ? 0 : list.length,
  };
}

const byId = (items: Partner[]) => new Map(items.map((item) => [item.companyId, item]));

describe('GET /api/reseller/v1/partners', () => {
  it('HQ sees every company with figures summed over the dealers below each', async () => {
    const res = await get('/api/reseller/v1/partners?limit=500', hq);
    expect(res.statusCode).toBe(200);
    const items = byId(res.json().items);
    const [w1, w2, w3] = worlds as [World, World, World];
    for (const [company, below] of [
      [regionA, [w1, w2]],
      [distyA, [w1, w2]],
      [regionB, [w3]],
      [distyB, [w3]],
      [w1.company, [w1]],
      [w3.company, [w3]],
    ] as const) {
      const dealer = below.length === 1 && below[0]!.company.id === company.id;
      expect(items.get(company.id), company.name).toMatchObject(summed([...below], dealer));
    }
    expect(items.get(distyA.id)).toMatchObject({ parentCompanyId: regionA.id, roles: ['disty'] });
    expect(items.has(hq.id)).toBe(false);
  });

  it('a region sees what is below it, a distributor its dealers, and nothing of the other branch', async () => {
    const region = byId((await get('/api/reseller/v1/partners', regionA)).json().items);
    expect([...region.keys()].sort()).toEqual(
      [distyA.id, worlds[0]!.company.id, worlds[1]!.company.id].sort(),
    );
    const disty = byId((await get('/api/reseller/v1/partners', distyA)).json().items);
    expect([...disty.keys()].sort()).toEqual([worlds[0]!.company.id, worlds[1]!.company.id].sort());
  });

  it('lists the regions of every company below the caller with each page, whatever the filters', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const alpha = { id: `alpha-${suffix}`, name: `Alpha ${suffix}`, latitude: 0, longitude: 0 };
    const beta = { id: `beta-${suffix}`, name: `Beta ${suffix}`, latitude: 0, longitude: 0 };
    await t.app.db.insertInto('regions').values([alpha, beta]).execute();
    const inRegion = async (region: { id: string }, companies: { id: string }[]) =>
      t.app.db
        .updateTable('companies')
        .set({ region_id: region.id })
        .where(
          'id',
          'in',
          companies.map((company) => company.id),
        )
        .execute();
    await inRegion(alpha, [regionA, distyA, worlds[0]!.company, worlds[1]!.company]);
    await inRegion(beta, [regionB, distyB, worlds[2]!.company]);
    try {
      const regionsOf = async (url: string, company: BuiltCompany) =>
        ((await get(url, company)).json().regions as { id: string }[]).map((region) => region.id);
      expect(await regionsOf('/api/reseller/v1/partners', distyA)).toEqual([alpha.id]);
      expect(await regionsOf('/api/reseller/v1/partners?limit=1', hq)).toEqual([alpha.id, beta.id]);
      expect(await regionsOf(`/api/reseller/v1/partners?region=${beta.id}&q=nothing`, hq)).toEqual([
        alpha.id,
        beta.id,
      ]);
    } finally {
      await t.app.db
        .updateTable('companies')
        .set({ region_id: null })
        .where('region_id', 'in', [alpha.id, beta.id])
        .execute();
    }
  });

  it('a dealer is refused', async () => {
    const res = await get('/api/reseller/v1/partners', worlds[0]!.company);
    expect(res.statusCode).toBe(403);
  });

  it('searches, filters by role, sorts and pages with a cursor', async () => {
    const search = (await get('/api/reseller/v1/partners?q=disty%20b', hq)).json().items as Partner[];
    expect(search.map((p) => p.companyId)).toEqual([distyB.id]);
    const dealers = (await get('/api/reseller/v1/partners?role=dealer&limit=500', hq)).json()
      .items as Partner[];
    expect(dealers.every((p) => p.roles.includes('dealer'))).toBe(true);

    const sorted = (await get('/api/reseller/v1/partners?sort=devices&order=desc&limit=500', hq)).json()
      .items as Partner[];
    const devices = sorted.map((p) => p.devices);
    expect(devices).toEqual([...devices].sort((a, b) => b - a));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/reseller/v1/partners?sort=devices&order=desc&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await get(url, hq)).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((p: Partner) => p.companyId));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(sorted.map((p) => p.companyId));

    expect((await get('/api/reseller/v1/partners?cursor=nonsense', hq)).statusCode).toBe(400);
    expect((await get('/api/reseller/v1/partners?sort=secret', hq)).statusCode).toBe(400);
  });
});

describe('GET /api/reseller/v1/partners/{companyId}', () => {
  it('gives the scorecard with its breakdown by category and customer', async () => {
    const res = await get(`/api/reseller/v1/partners/${distyA.id}`, regionA);
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card).toMatchObject(summed([worlds[0]!, worlds[1]!]));
    expect(card.byCategory.map((c: { category: string }) => c.category)).toEqual([
      'CAMERA',
      'SERVER',
      'CYBER',
      'LICENSE',
    ]);
    const open = card.byCategory.reduce((n: number, c: { openIncidents: number }) => n + c.openIncidents, 0);
    expect(open).toBe(card.openIncidents);
    // License: the devices without a license and those whose earliest license expired or ends within 30 days.
    const licenseTrouble = (world: World) =>
      world.devices.filter((d) => {
        const days = world.licenses.filter((l) => l.deviceId === d.id).map((l) => l.days);
        return isUnlicensed(world, d) || (days.length > 0 && Math.min(...days) <= 30);
      }).length;
    expect(card.byCategory[3]).toMatchObject({
      category: 'LICENSE',
      abnormalDevices: licenseTrouble(worlds[0]!) + licenseTrouble(worlds[1]!),
    });
    expect(card.byCustomer).toHaveLength(3);
    const customerDevices = card.byCustomer.reduce((n: number, c: { devices: number }) => n + c.devices, 0);
    expect(customerDevices).toBe(card.devices);
  });

  it('a company outside the caller’s hierarchy, or none, is 404', async () => {
    expect((await get(`/api/reseller/v1/partners/${worlds[2]!.company.id}`, distyA)).statusCode).toBe(404);
    expect((await get(`/api/reseller/v1/partners/${hq.id}`, regionA)).statusCode).toBe(404);
    expect((await get('/api/reseller/v1/partners/00000000-0000-4000-8000-000000000000', hq)).statusCode).toBe(
      404,
    );
    expect((await get('/api/reseller/v1/partners/not-a-uuid', hq)).statusCode).toBe(404);
  });
});

describe('partner locations (the map of dealers)', () => {
  it('is the company’s own office, else its region’s default coordinates, never where its customers are', async () => {
    const db = t.app.db;
    const [w1, w2, w3] = worlds as [World, World, World];
    // Dealer 1 in Los Angeles with its customers' sites across the country (issue 23: the mean of the
    // sites put it in Oklahoma); dealer 2 without an office of its own, in a region; dealer 3 in neither.
    for (const site of w1.sites) {
      await db
        .updateTable('sites')
        .set({ latitude: 40.7, longitude: -74 })
        .where('id', '=', site.id)
        .execute();
    }
    await db
      .updateTable('companies')
      .set({ city: 'Los Angeles', latitude: 34.0522, longitude: -118.2437 })
      .where('id', '=', w1.company.id)
      .execute();
    const region = await db
      .insertInto('regions')
      .values({ id: `test-region-${Date.now()}`, name: 'Test Region', latitude: 50, longitude: 8 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('companies').set({ region_id: region.id }).where('id', '=', w2.company.id).execute();
    await db
      .updateTable('companies')
      .set({ region_id: null, city: null, latitude: null, longitude: null })
      .where('id', '=', w3.company.id)
      .execute();

    const items = byId((await get('/api/reseller/v1/partners?limit=500', hq)).json().items);
    expect(items.get(w1.company.id)!.location).toEqual({ latitude: 34.0522, longitude: -118.2437 });
    expect(items.get(w2.company.id)!.location).toEqual({ latitude: 50, longitude: 8 });
    expect(items.get(w3.company.id)!.location).toBeNull();
    // A distributor is where it is too, not where its dealers are.
    await db
      .updateTable('companies')
      .set({ city: 'Chicago', latitude: 41.8781, longitude: -87.6298 })
      .where('id', '=', distyA.id)
      .execute();
    const again = byId((await get('/api/reseller/v1/partners?limit=500', hq)).json().items);
    expect(again.get(distyA.id)!.location).toEqual({ latitude: 41.8781, longitude: -87.6298 });

    const card = (await get(`/api/reseller/v1/partners/${w1.company.id}`, distyA)).json();
    expect(card.location).toEqual({ latitude: 34.0522, longitude: -118.2437 });
  });

  it('refuses an office with only one coordinate or out of range', async () => {
    const db = t.app.db;
    const [w1] = worlds as [World];
    await expect(
      db
        .updateTable('companies')
        .set({ latitude: 10, longitude: null })
        .where('id', '=', w1.company.id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .updateTable('companies')
        .set({ latitude: 91, longitude: 0 })
        .where('id', '=', w1.company.id)
        .execute(),
    ).rejects.toThrow();
  });
});
