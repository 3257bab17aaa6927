import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyStatistics } from '../../src/domain/statistics/company-statistics.ts';
import { todayUtc } from '../../src/domain/statistics/today.ts';
import type { DB } from '../../src/infrastructure/db/types.ts';
import { companyToken, daysFromToday } from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  addDevice,
  addLicense,
  buildWorld,
  type Device,
  expectedCompanyStatistics,
  expectedCustomerNumbers,
  type World,
} from './world.ts';

/**
 * The dashboard reads summary rows that triggers maintain (migration 0005). After every kind of write
 * (device, license, incident, customer; single rows, bulk statements, rollbacks, concurrent transactions,
 * a new day) the very next call must show the numbers computed from the remembered rows.
 */

let t: TestApp;
let db: Kysely<DB>;
let world: World;
let rival: World;

async function get(url: string, of: World) {
  const res = await t.app.inject({ url, headers: bearer(await companyToken(t.app, of.company)) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Both dealers' dashboards and customer lists equal what their remembered rows say. */
async function expectStatisticsMatch() {
  for (const of of [world, rival]) {
    expect(await get('/api/user-portal/companies/statistics', of)).toEqual(expectedCompanyStatistics(of));
    const customers = (await get('/api/user-portal/companies/organizations', of)).items.map(
      ({ id, siteCount, license, devices }: Record<string, unknown>) => ({ id, siteCount, license, devices }),
    );
    expect(customers.sort((a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id))).toEqual(
      expectedCustomerNumbers(of),
    );
  }
}

const firstOf = <T>(items: T[], predicate: (item: T) => boolean): T => {
  const found = items.find(predicate);
  if (!found) throw new Error('the random world lacks the row this test needs');
  return found;
};

beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.db;
  world = await buildWorld(db, 3);
  rival = await buildWorld(db, 2);
}, 120_000);

afterAll(() => t?.close());

describe('statistics follow every write at once', () => {
  it('start equal to the built rows', async () => {
    await expectStatisticsMatch();
  });

  it('a license expiry moved out of and into the past', async () => {
    const expired = firstOf(world.licenses, (l) => l.days < 0 && l.deviceId !== null);
    await db
      .updateTable('licenses')
      .set({ expiration_date: daysFromToday(200) })
      .where('device_id', '=', expired.deviceId)
      .where('type', '=', expired.type)
      .execute();
    expired.days = 200;
    const valid = firstOf(world.licenses, (l) => l.days > 30 && l.deviceId !== null);
    await db
      .updateTable('licenses')
      .set({ expiration_date: daysFromToday(-3) })
      .where('device_id', '=', valid.deviceId)
      .where('type', '=', valid.type)
      .execute();
    valid.days = -3;
    await expectStatisticsMatch();
  });

  it('a device added without a license, then licensed, then its license removed', async () => {
    const site = world.sites[0]!;
    const camera = await addDevice(db, world, site, { platform: 'first', kind: 'camera', online: false });
    await expectStatisticsMatch();

    await addLicense(db, world, {
      org: site.organizationId,
      deviceId: camera.id,
      type: 'STD',
      retention: null,
      days: 10,
    });
    await expectStatisticsMatch();

    await db.deleteFrom('licenses').where('device_id', '=', camera.id).execute();
    world.licenses = world.licenses.filter((l) => l.deviceId !== camera.id);
    await expectStatisticsMatch();
  });

  it('device states and flags changed, one row and many rows per statement', async () => {
    const server = firstOf(world.devices, (d) => d.kind === 'server' && !d.flags.disk_failed);
    await db.updateTable('devices').set({ disk_failed: true }).where('id', '=', server.id).execute();
    server.flags.disk_failed = true;

    const org = world.orgs[1]!;
    const cameras = world.devices.filter((d) => d.org === org && d.kind === 'camera');
    await sql`update devices set
        online = case when platform = 'first' then not coalesce(online, false) end,
        connected = case when platform = 'second' then not coalesce(connected, false) end,
        record_failed = not record_failed
      where organization_id = ${org} and device_category = 'CAMERA'`.execute(db);
    for (const camera of cameras) {
      camera.online = !camera.online;
      camera.flags.record_failed = !camera.flags.record_failed;
    }
    await expectStatisticsMatch();
  });

  it('a licensed device removed: its licenses stay with the customer, unassigned', async () => {
    const licensed = firstOf(world.devices, (d) => world.licenses.some((l) => l.deviceId === d.id));
    await db.deleteFrom('devices').where('id', '=', licensed.id).execute();
    removeDevices(world, [licensed]);
    for (const license of world.licenses) if (license.deviceId === licensed.id) license.deviceId = null;
    await expectStatisticsMatch();
  });

  it('incidents resolved and opened', async () => {
    const { rows } = await sql<{ category: string; alert_type: string; organization_id: string }>`
      update incidents set resolved_at = now()
      where id = (select min(id) from incidents where company_id = ${world.company.id} and resolved_at is null)
      returning category, alert_type, organization_id`.execute(db);
    const resolved = rows[0]!;
    firstOf(
      world.incidents,
      (i) =>
        i.open &&
        i.org === resolved.organization_id &&
        i.category === resolved.category &&
        i.alertType === resolved.alert_type,
    ).open = false;

    const site = world.sites[1]!;
    await db
      .insertInto('incidents')
      .values({
        company_id: site.companyId,
        organization_id: site.organizationId,
        site_id: site.id,
        category: 'SERVER',
        alert_type: 'DISK_FAILED',
        started_at: new Date(),
      })
      .execute();
    world.incidents.push({
      org: site.organizationId,
      category: 'SERVER',
      alertType: 'DISK_FAILED',
      open: true,
    });
    await expectStatisticsMatch();
  });

  it('a rolled-back transaction leaves no trace', async () => {
    const site = world.sites[2]!;
    await expect(
      db.transaction().execute(async (trx) => {
        const scratch: World = { ...world, devices: [], licenses: [] };
        const device = await addDevice(trx, scratch, site, { platform: 'first', kind: 'speaker' });
        await addLicense(trx, scratch, {
          org: site.organizationId,
          deviceId: device.id,
          type: 'IP_SPEAKER',
          retention: null,
          days: -1,
        });
        await trx.deleteFrom('incidents').where('company_id', '=', world.company.id).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await expectStatisticsMatch();
  });

  it('TRUNCATE of devices, licenses and incidents empties their summaries (inside a rolled-back transaction)', async () => {
    const summaries = async (trx: Kysely<DB>) => {
      const { rows } = await sql<{ devices: number; licenses: number; incidents: number; counted: number }>`
        select (select count(*)::int from device_summary) as devices,
          (select count(*)::int from license_summary) as licenses,
          (select count(*)::int from incident_summary) as incidents,
          (select count(*)::int from devices where license_count <> 0) as counted`.execute(trx);
      return rows[0];
    };
    expect(await summaries(db)).not.toEqual({ devices: 0, licenses: 0, incidents: 0, counted: 0 });
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`truncate licenses`.execute(trx);
        expect((await summaries(trx))?.licenses).toBe(0);
        expect((await summaries(trx))?.counted).toBe(0);
        await sql`truncate incidents cascade`.execute(trx);
        await sql`truncate devices cascade`.execute(trx);
        expect(await summaries(trx)).toEqual({ devices: 0, licenses: 0, incidents: 0, counted: 0 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await expectStatisticsMatch();
  });

  it('a customer moved to the other dealer takes its numbers along', async () => {
    const org = world.orgs[2]!;
    await db
      .updateTable('organizations')
      .set({ company_id: rival.company.id })
      .where('id', '=', org)
      .execute();
    moveCustomer(world, rival, org);
    await expectStatisticsMatch();
  });

  it('a customer deleted with everything below it', async () => {
    const org = world.orgs[0]!;
    await db.deleteFrom('organizations').where('id', '=', org).execute();
    world.orgs = world.orgs.filter((id) => id !== org);
    world.sites = world.sites.filter((s) => s.organizationId !== org);
    removeDevices(
      world,
      world.devices.filter((d) => d.org === org),
    );
    world.licenses = world.licenses.filter((l) => l.org !== org);
    world.incidents = world.incidents.filter((i) => i.org !== org);
    await expectStatisticsMatch();
  });

  it('concurrent transactions on the same customer and device', async () => {
    const site = world.sites.find((s) => world.orgs.includes(s.organizationId))!;
    const org = site.organizationId;
    const cameras: Device[] = [];
    for (let n = 0; n < 4; n++)
      cameras.push(await addDevice(db, world, site, { platform: 'first', kind: 'camera', online: true }));
    // Each camera gets two licenses from two transactions at once; then each pair is deleted at once.
    await Promise.all(
      cameras.flatMap((camera) =>
        (['STD', 'CLOUD_BACKUP'] as const).map((type) =>
          db.transaction().execute((trx) =>
            addLicense(trx, world, {
              org,
              deviceId: camera.id,
              type,
              retention: type === 'CLOUD_BACKUP' ? 7 : null,
              days: 5,
            }),
          ),
        ),
      ),
    );
    await expectStatisticsMatch();
    await Promise.all(
      cameras.flatMap((camera) =>
        (['STD', 'CLOUD_BACKUP'] as const).map((type) =>
          db
            .transaction()
            .execute((trx) =>
              trx
                .deleteFrom('licenses')
                .where('device_id', '=', camera.id)
                .where('type', '=', type)
                .execute(),
            ),
        ),
      ),
    );
    world.licenses = world.licenses.filter((l) => !cameras.some((c) => c.id === l.deviceId));
    await expectStatisticsMatch();
  });

  it('a new day: expiry counts move without any write', async () => {
    // 31 days on, the licenses expiring within 30 days have expired, the next ones come within 30 days.
    const later = await companyStatistics(db, world.company.id, daysFromToday(31));
    expect(later).toEqual(expectedCompanyStatistics(world, 31));
    const { rows } = await sql<{
      as_of: string;
    }>`select as_of::text as as_of from license_summary_day`.execute(db);
    expect(rows[0]!.as_of).toBe(daysFromToday(31));
    // A process whose clock is behind still gets its own day's numbers (from the licenses themselves).
    expect(await companyStatistics(db, world.company.id, todayUtc())).toEqual(
      expectedCompanyStatistics(world),
    );
    await expectStatisticsMatch();
  });
});

function removeDevices(of: World, devices: Device[]) {
  of.devices = of.devices.filter((d) => !devices.includes(d));
}

function moveCustomer(from: World, to: World, org: string) {
  from.orgs = from.orgs.filter((id) => id !== org);
  to.orgs.push(org);
  for (const key of ['sites', 'devices', 'licenses', 'incidents'] as const) {
    const rows = (from[key] as { org?: string; organizationId?: string }[]).filter(
      (row) => (row.org ?? row.organizationId) === org,
    );
    (from[key] as unknown[]) = (from[key] as unknown[]).filter((row) => !rows.includes(row as never));
    (to[key] as unknown[]).push(...rows);
  }
}
