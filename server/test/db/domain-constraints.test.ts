import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/infrastructure/db/database.ts';
import type { DB } from '../../src/infrastructure/db/types.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

let database: Database;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

/** A company with its owner, created the only way possible: in one transaction. */
async function createCompany(email = `${randomUUID()}@example.com`) {
  const companyId = randomUUID();
  const ownerId = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('companies')
      .values({
        id: companyId,
        name: 'Acme',
        vendor: 'lumora',
        roles: ['dealer'],
        owner_user_id: ownerId,
        region_id: null,
        parent_company_id: null,
      })
      .execute();
    await trx.insertInto('users').values({ id: ownerId, email, company_id: companyId }).execute();
  });
  return { companyId, ownerId };
}

async function addMember(companyId: string) {
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({ id, email: `${id}@example.com`, company_id: companyId })
    .execute();
  return id;
}

async function createSite(companyId: string) {
  const organizationId = randomUUID();
  const siteId = randomUUID();
  await db
    .insertInto('organizations')
    .values({ id: organizationId, company_id: companyId, name: 'Customer' })
    .execute();
  await db
    .insertInto('sites')
    .values({
      id: siteId,
      organization_id: organizationId,
      company_id: companyId,
      name: 'Site',
      latitude: 1,
      longitude: 1,
    })
    .execute();
  return { organizationId, siteId };
}

const device = (id: string, companyId: string, organizationId: string, siteId: string) => ({
  id,
  platform: 'first' as const,
  company_id: companyId,
  organization_id: organizationId,
  site_id: siteId,
  service_id: null,
  parent_device_id: null,
  device_type: 'CAMERA' as const,
  device_category: 'CAMERA' as const,
  name: 'Lobby',
  last_online_at: null,
  health_time_from: null,
  online: true,
  recording: false,
  firmware_upgrade_state: 10,
  connected: null,
  is_recording: null,
});

describe('domain constraints', () => {
  it('rejects a company without an owner, or whose owner is not its member', async () => {
    const other = await createCompany();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('companies')
          .values({
            name: 'Ghost',
            vendor: 'lumora',
            owner_user_id: randomUUID(),
            region_id: null,
            parent_company_id: null,
          })
          .execute();
      }),
    ).rejects.toThrow();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('companies')
          .values({
            name: 'Thief',
            vendor: 'lumora',
            owner_user_id: other.ownerId,
            region_id: null,
            parent_company_id: null,
          })
          .execute();
      }),
    ).rejects.toThrow();
  });

  it('transfers ownership with one update, only to a member, and keeps the owner undeletable', async () => {
    const { companyId, ownerId } = await createCompany();
    const memberId = await addMember(companyId);
    const outsider = await createCompany();
    await db.updateTable('companies').set({ owner_user_id: memberId }).where('id', '=', companyId).execute();
    await expect(
      db
        .updateTable('companies')
        .set({ owner_user_id: outsider.ownerId })
        .where('id', '=', companyId)
        .execute(),
    ).rejects.toThrow();
    await expect(db.deleteFrom('users').where('id', '=', memberId).execute()).rejects.toThrow();
    await expect(
      db
        .updateTable('companies')
        .set({ owner_user_id: null as never })
        .where('id', '=', companyId)
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('users').where('id', '=', ownerId).execute();
  });

  it('keeps emails unique regardless of case', async () => {
    const { companyId } = await createCompany('Jane.Doe@Example.com');
    await expect(
      db
        .insertInto('users')
        .values({ id: randomUUID(), email: 'jane.doe@example.COM', company_id: companyId })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps a device inside its organization and derives its state', async () => {
    const { companyId } = await createCompany();
    const a = await createSite(companyId);
    const b = await createSite(companyId);
    await db
      .insertInto('devices')
      .values(device('ABCDEF123456', companyId, a.organizationId, a.siteId))
      .execute();
    const stored = await db
      .selectFrom('devices')
      .select(['state', 'offline'])
      .where('id', '=', 'ABCDEF123456')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ state: 'UPGRADING', offline: false });
    // A site of another organization.
    await expect(
      db
        .insertInto('devices')
        .values(device('ABCDEF123457', companyId, a.organizationId, b.siteId))
        .execute(),
    ).rejects.toThrow();
    // A parent device of another organization.
    await expect(
      db
        .insertInto('devices')
        .values({
          ...device('ABCDEF123458', companyId, b.organizationId, b.siteId),
          parent_device_id: 'ABCDEF123456',
        })
        .execute(),
    ).rejects.toThrow();
    // A device id that is not 12 alphanumerics.
    await expect(
      db
        .insertInto('devices')
        .values(device('SHORT', companyId, a.organizationId, a.siteId))
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps the copied company id of sites and devices in step with the organization', async () => {
    const { companyId } = await createCompany();
    const other = await createCompany();
    const { organizationId, siteId } = await createSite(companyId);
    await db
      .insertInto('devices')
      .values(device('QWERTY123456', companyId, organizationId, siteId))
      .execute();
    await expect(
      db
        .insertInto('sites')
        .values({
          organization_id: organizationId,
          company_id: other.companyId,
          name: 'x',
          latitude: 0,
          longitude: 0,
        })
        .execute(),
    ).rejects.toThrow();
    await db
      .updateTable('organizations')
      .set({ company_id: other.companyId })
      .where('id', '=', organizationId)
      .execute();
    const moved = await sql<{ company_id: string }>`
      select company_id from sites where id = ${siteId}
      union all select company_id from devices where id = 'QWERTY123456'`.execute(db);
    expect(moved.rows.map((r) => r.company_id)).toEqual([other.companyId, other.companyId]);
  });

  it('seeds the role permission map: each role holds its own level and those below', async () => {
    const map = await db.selectFrom('role_permissions').selectAll().orderBy('rank').execute();
    expect(map.map((r) => r.role)).toEqual(['hq-pm', 'hq-sales', 'region', 'disty', 'dealer']);
    expect(map.at(-1)!.hierarchy_authorities).toEqual(['dealer']);
    expect(map[0]!.hierarchy_authorities).toHaveLength(5);
  });
});
