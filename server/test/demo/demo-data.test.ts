import { createHash } from 'node:crypto';
import { DEVICE_TYPES } from '@portal/contracts/devices';
import { LICENSE_EXPIRY_WARNING_DAYS } from '@portal/contracts/licenses';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoDataset } from '../../src/demo/dataset.ts';
import { generateDemoData } from '../../src/demo/generate.ts';
import { REGIONS } from '../../src/demo/geography.ts';
import { insertDemoData } from '../../src/demo/insert.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

const NOW = new Date('2025-06-01T00:00:00.000Z');
const digest = (data: DemoDataset) => createHash('sha256').update(JSON.stringify(data)).digest('hex');

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

describe('demo data generator', () => {
  it('generates the same rows every time', () => {
    expect(digest(generateDemoData('small', NOW))).toBe(digest(data));
  });

  it('stores exactly the generated devices', async () => {
    const stored = await database.db.selectFrom('devices').select('id').orderBy('id').execute();
    expect(stored.map((d) => d.id)).toEqual(data.devices.map((d) => d.id).sort());
  });

  it('builds the HQ → region → distributor → dealer hierarchy', async () => {
    const rows = await sql<{ chain: string }>`
      with recursive chain as (
        select id, parent_company_id, roles[1] as path from companies where 'dealer' = any(roles)
        union all
        select chain.id, p.parent_company_id, chain.path || '<' || p.roles[1]
        from chain join companies p on p.id = chain.parent_company_id
      )
      select path as chain from chain where parent_company_id is null`.execute(database.db);
    // The two named dealers and two more under each of the three distributors.
    expect(rows.rows.map((r) => r.chain)).toEqual(Array(8).fill('dealer<disty<region<hq-pm'));
    const perDistributor = await sql<{ dealers: number }>`
      select count(*)::int as dealers from companies d join companies p on p.id = d.parent_company_id
      where 'dealer' = any(d.roles) group by p.id order by p.id`.execute(database.db);
    expect(perDistributor.rows.map((r) => r.dealers).sort()).toEqual([2, 3, 3]);
  });

  it('gives each company the time zone of its office (digests and quiet hours), a real IANA zone', async () => {
    const companies = await database.db.selectFrom('companies').select(['name', 'time_zone']).execute();
    const zoneOf = new Map(companies.map((company) => [company.name, company.time_zone]));
    expect(zoneOf.get('Jade Harbor Technologies')).toBe('Asia/Taipei');
    expect(zoneOf.get('Northwind Security')).toBe('America/Los_Angeles');
    for (const { time_zone } of companies)
      expect(() => new Intl.DateTimeFormat('en', { timeZone: time_zone })).not.toThrow();
    expect(new Set(zoneOf.values()).size).toBeGreaterThan(3);
  });

  it('places every dealer and distributor at its office, each dealer in its own city (issue 23)', async () => {
    const companies = await database.db
      .selectFrom('companies')
      .select(['name', 'roles', 'city', 'latitude', 'longitude'])
      .execute();
    const resellers = companies.filter((c) => c.roles.includes('dealer') || c.roles.includes('disty'));
    for (const company of resellers) {
      expect(company.city, company.name).toEqual(expect.any(String));
      expect(company.latitude, company.name).toEqual(expect.any(Number));
      expect(company.longitude, company.name).toEqual(expect.any(Number));
    }
    expect(companies.find((c) => c.name === 'Northwind Security')).toMatchObject({ city: 'Seattle' });
    const dealers = resellers.filter((c) => c.roles.includes('dealer'));
    expect(new Set(dealers.map((c) => `${c.latitude},${c.longitude}`)).size).toBeGreaterThan(
      dealers.length / 2,
    );
  });

  it('has two named dealers with an owner, 3-5 members and 25 customers; the others an owner and 6', async () => {
    const dealers = await database.db
      .selectFrom('companies')
      .innerJoin('users', 'users.company_id', 'companies.id')
      .select((eb) => [
        'companies.id',
        'companies.name',
        'companies.owner_user_id',
        eb.fn.countAll<number>().as('users'),
        eb
          .selectFrom('organizations')
          .whereRef('organizations.company_id', '=', 'companies.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('organizations'),
      ])
      .where(sql<boolean>`'dealer' = any(companies.roles)`)
      .groupBy('companies.id')
      .execute();
    expect(dealers).toHaveLength(8);
    const named = dealers.filter((d) => Number(d.organizations) === 25);
    expect(named.map((d) => d.name).sort()).toEqual(['Jade Harbor Technologies', 'Northwind Security']);
    for (const dealer of dealers) {
      expect(dealer.owner_user_id).toBeTruthy();
      if (named.includes(dealer)) {
        expect(dealer.users - 1).toBeGreaterThanOrEqual(3);
        expect(dealer.users - 1).toBeLessThanOrEqual(5);
      } else {
        expect(Number(dealer.users)).toBe(1);
        expect(Number(dealer.organizations)).toBe(6);
      }
    }
  });

  it('has sites near a city of their dealer’s region, and 2,500 + 6 × 240 devices', async () => {
    const sites = await sql<{ latitude: number; longitude: number; region_id: string }>`
      select s.latitude, s.longitude, c.region_id from sites s
      join organizations o on o.id = s.organization_id join companies c on c.id = o.company_id`.execute(
      database.db,
    );
    expect(sites.rows.length).toBeGreaterThanOrEqual(120);
    expect(sites.rows.length).toBeLessThanOrEqual(200);
    for (const site of sites.rows) {
      const region = REGIONS.find((r) => r.id === site.region_id)!;
      const near = region.cities.some(
        (city) =>
          Math.abs(city.latitude - site.latitude) <= 0.1 && Math.abs(city.longitude - site.longitude) <= 0.1,
      );
      expect(near, JSON.stringify(site)).toBe(true);
    }
    expect(data.devices).toHaveLength(2500 + 6 * 240);
  });

  it('has devices of every stored type, every state and every flag', async () => {
    const counts = await database.db
      .selectFrom('devices')
      .select((eb) => [
        'device_type',
        eb.fn.countAll<number>().as('n'),
        eb.fn.count<number>('state').filterWhere('state', '=', 'OFFLINE').as('offline'),
        eb.fn.count<number>('state').filterWhere('state', '=', 'RECORDING').as('recording'),
        eb.fn.count<number>('state').filterWhere('state', '=', 'UPGRADING').as('upgrading'),
      ])
      .groupBy('device_type')
      .execute();
    // VORTEX is the synthetic per-organization service and OBM an external product: never stored.
    const stored = DEVICE_TYPES.filter((type) => type !== 'VORTEX' && type !== 'OBM');
    expect(counts.map((c) => c.device_type).sort()).toEqual([...stored].sort());
    const total = (key: 'offline' | 'recording' | 'upgrading') =>
      counts.reduce((a, c) => a + Number(c[key]), 0);
    expect(total('offline')).toBeGreaterThan(0);
    expect(total('recording')).toBeGreaterThan(0);
    expect(total('upgrading')).toBeGreaterThan(0);

    const states = await database.db
      .selectFrom('devices')
      .select('firmware_upgrade_state')
      .distinct()
      .where('firmware_upgrade_state', 'is not', null)
      .execute();
    expect(states.map((s) => s.firmware_upgrade_state).sort((a, b) => a! - b!)).toEqual([
      3, 4, 5, 10, 11, 12,
    ]);

    const flags = [
      'record_failed',
      'firmware_updated_failed',
      'smart_error',
      'disk_failed',
      'server_cpu_high',
      'server_memory_high',
      'server_login_failed',
      'network_high',
      'network_session_high',
    ] as const;
    for (const flag of flags) {
      const row = await database.db
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(flag, '=', true)
        .executeTakeFirstOrThrow();
      expect(Number(row.n), flag).toBeGreaterThan(0);
    }
  });

  it('links NVR channels to an NVR and second-platform devices to a service of their organization', async () => {
    const orphans = await sql<{ n: number }>`
      select count(*)::int as n from devices c
      left join devices p on p.id = c.parent_device_id
      where c.device_type = 'NVR_CHANNEL' and (p.device_type is distinct from 'NVR' or p.site_id <> c.site_id)`.execute(
      database.db,
    );
    expect(orphans.rows[0]!.n).toBe(0);
    const channels = data.devices.filter((d) => d.device_type === 'NVR_CHANNEL');
    expect(channels.length).toBeGreaterThan(0);
    const secondCameras = data.devices.filter(
      (d) => d.platform === 'second' && d.device_category !== 'SERVER',
    );
    expect(secondCameras.every((d) => d.service_id)).toBe(true);
  });

  it('has active, expiring, expired and unlicensed devices', async () => {
    const today = NOW.toISOString().slice(0, 10);
    const soon = new Date(NOW.getTime() + LICENSE_EXPIRY_WARNING_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const licenses = await database.db.selectFrom('licenses').select(['expiration_date', 'type']).execute();
    expect(licenses.some((l) => l.expiration_date < today)).toBe(true);
    expect(licenses.some((l) => l.expiration_date >= today && l.expiration_date <= soon)).toBe(true);
    expect(licenses.some((l) => l.expiration_date > soon)).toBe(true);
    expect(new Set(licenses.map((l) => l.type))).toEqual(new Set(['STD', 'IP_SPEAKER', 'CLOUD_BACKUP']));
    const unlicensed = await sql<{ n: number }>`
      select count(*)::int as n from devices d
      where d.platform = 'first' and d.device_category <> 'SERVER'
        and not exists (select 1 from licenses l where l.device_id = d.id)`.execute(database.db);
    expect(unlicensed.rows[0]!.n).toBeGreaterThan(0);
  });

  it('has incidents of every category and remote-access requests in every state', async () => {
    const categories = await database.db.selectFrom('incidents').select('category').distinct().execute();
    expect(categories.map((c) => c.category).sort()).toEqual(['CAMERA', 'CYBER', 'LICENSE', 'SERVER']);
    const states = await database.db
      .selectFrom('remote_access_requests')
      .select('state')
      .distinct()
      .execute();
    expect(states.map((s) => s.state).sort()).toEqual([
      'aborted',
      'approved',
      'denied',
      'expired',
      'requesting',
    ]);
    const requesting = await sql<{ n: number }>`
      select count(*)::int as n from remote_access_requests r
      left join organizations o on o.id = r.organization_id
      left join services s on s.device_id = r.service_device_id
      where r.state = 'requesting'
        and not coalesce(s.remote_access_requesting, o.remote_access_requesting)`.execute(database.db);
    expect(requesting.rows[0]!.n).toBe(0);
  });

  it('has a license catalogue and inventory', async () => {
    const inventory = await database.db.selectFrom('license_inventory').selectAll().execute();
    expect(inventory.length).toBeGreaterThan(0);
  });
});
