import { partnerListQuerySchema } from '@portal/contracts/partners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDemoAccounts } from '../../src/demo/accounts.ts';
import type { DemoDataset } from '../../src/demo/dataset.ts';
import { generateDemoData } from '../../src/demo/generate.ts';
import { insertDemoData } from '../../src/demo/insert.ts';
import { evaluateLicenseIncidents } from '../../src/domain/incidents/license-incidents.ts';
import { listPartners } from '../../src/domain/partners/partner-figures.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/**
 * Issue 23 point 6: the demo must look like a real dealer network, not generated noise: license standings
 * spread over expired / expiring / in order, open incidents a few percent of devices, aged minutes to weeks
 * (and differently per dealer), a dealer not counted as its own dealer, and every account's printed role
 * its real one.
 */
const NOW = new Date('2025-06-01T09:30:00.000Z');
const TODAY = NOW.toISOString().slice(0, 10);
const SOON = new Date(NOW.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

let database: Database;
let data: DemoDataset;

beforeAll(async () => {
  data = generateDemoData('small', NOW);
  database = await openTestDatabase();
  await database.db.transaction().execute((trx) => insertDemoData(trx, data));
});
afterAll(async () => {
  await database?.close();
});

const dealers = () => data.companies.filter((company) => company.roles?.includes('dealer'));
const openIncidentsOf = (companyId: string) =>
  data.incidents.filter((incident) => incident.company_id === companyId && !incident.resolved_at);
const ageOf = (incident: { started_at: unknown }) =>
  NOW.getTime() - new Date(incident.started_at as Date).getTime();

/** A customer's standing as its license chips show it: any expired, else any expiring, else in order. */
function standings(companyId: string) {
  const counts = { expired: 0, expiring: 0, healthy: 0 };
  for (const organization of data.organizations.filter((o) => o.company_id === companyId)) {
    const dates = data.licenses
      .filter((l) => l.organization_id === organization.id)
      .map((l) => l.expiration_date);
    if (dates.some((date) => date < TODAY)) counts.expired++;
    else if (dates.some((date) => date <= SOON)) counts.expiring++;
    else counts.healthy++;
  }
  return counts;
}

describe('plausible demo data', () => {
  it('spreads the customers over expired, expiring and healthy licenses, at every named dealer', () => {
    for (const name of ['Northwind Security', 'Jade Harbor Technologies']) {
      const dealer = data.companies.find((company) => company.name === name)!;
      const { expired, expiring, healthy } = standings(dealer.id);
      expect(expired + expiring + healthy, name).toBe(25);
      expect(expired, name).toBeGreaterThanOrEqual(1);
      expect(expiring, name).toBeGreaterThanOrEqual(2);
      // Most customers are in order; a dealer whose every customer has lapsed licenses looks fake.
      expect(healthy, name).toBeGreaterThanOrEqual(12);
    }
  });

  it('leaves only a few devices unlicensed', () => {
    const licensed = new Set(data.licenses.map((license) => license.device_id));
    const licensable = data.devices.filter((d) => d.platform === 'first' && d.device_category !== 'SERVER');
    const unlicensed = licensable.filter((device) => !licensed.has(device.id)).length;
    expect(unlicensed).toBeGreaterThan(0);
    expect(unlicensed / licensable.length).toBeLessThan(0.05);
  });

  it('has open incidents for a few percent of each dealer’s devices', () => {
    for (const dealer of dealers()) {
      const devices = data.devices.filter((device) => device.company_id === dealer.id).length;
      const share = openIncidentsOf(dealer.id).length / devices;
      expect(share, dealer.name).toBeGreaterThan(0.01);
      expect(share, dealer.name).toBeLessThan(0.1);
    }
    const open = data.incidents.filter((incident) => !incident.resolved_at).length;
    expect(open / data.devices.length).toBeLessThan(0.07);
  });

  it('has open incidents minutes to weeks old, never in the future, and history resolved before now', () => {
    const ages = data.incidents.filter((incident) => !incident.resolved_at).map(ageOf);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(ages.some((age) => age < 60 * MINUTE)).toBe(true);
    expect(ages.some((age) => age >= 60 * MINUTE && age < DAY)).toBe(true);
    expect(ages.some((age) => age >= 7 * DAY)).toBe(true);
    expect(Math.max(...ages)).toBeLessThanOrEqual(31 * DAY);
    // Most problems are recent: the median open incident is younger than three days.
    expect([...ages].sort((a, b) => a - b)[Math.floor(ages.length / 2)]!).toBeLessThan(3 * DAY);
    for (const incident of data.incidents.filter((i) => i.resolved_at))
      expect(new Date(incident.resolved_at as Date).getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it('gives the dealers different oldest open incidents (not "60 days ago" for every partner)', () => {
    const oldest = dealers().map((dealer) => Math.max(...openIncidentsOf(dealer.id).map(ageOf)));
    const days = new Set(oldest.map((age) => Math.floor(age / DAY)));
    expect(days.size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...oldest) - Math.min(...oldest)).toBeGreaterThanOrEqual(7 * DAY);
  });

  it('holds the license incidents the engine would open: its first pass at start changes nothing', async () => {
    expect(await evaluateLicenseIncidents(database.db, TODAY)).toEqual({ opened: 0, resolved: 0 });
  });

  it('counts a dealer’s dealers as none, and a distributor’s or region’s as the dealers below it', async () => {
    const hq = data.companies.find((company) => company.roles?.includes('hq-pm'))!;
    const { items } = await listPartners(
      database.db,
      { companyId: hq.id, role: 'hq-pm' },
      partnerListQuerySchema.parse({ limit: 500 }),
      TODAY,
    );
    const below = (id: string): string[] =>
      data.companies
        .filter((company) => company.parent_company_id === id)
        .flatMap((company) => (company.roles?.includes('dealer') ? [company.id] : below(company.id)));
    expect(items.length).toBe(data.companies.length - 1);
    for (const partner of items) {
      const expected = partner.roles.includes('dealer') ? 0 : below(partner.companyId).length;
      expect(partner.dealers, partner.name).toBe(expected);
    }
    expect(
      items
        .filter((p) => p.roles.includes('disty'))
        .map((p) => p.dealers)
        .sort(),
    ).toEqual([2, 3, 3]);
  });

  it('prints each demo account with its real role, and no address claims another role', async () => {
    const accounts = await listDemoAccounts(database.db);
    expect(accounts).toHaveLength(data.accounts.length);
    const companies = new Map(data.companies.map((company) => [company.id, company]));
    const claims: [RegExp, string][] = [
      [/^hq\.sales@|sales@lumora/, 'hq-sales'],
      [/^hq(\.pm)?@/, 'hq-pm'],
      [/^region\./, 'region'],
      [/^disty/, 'disty'],
      [/dealer/, 'dealer'],
    ];
    for (const account of accounts) {
      // The role the portal gives the member: the first of the company's roles (SPEC §3).
      expect(account.role, account.email).toBe(companies.get(account.companyId)!.roles![0]);
      for (const [pattern, role] of claims)
        if (pattern.test(account.email)) expect(account.role, account.email).toBe(role);
    }
  });
});
