import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_CATALOGUE } from '../../src/demo/catalogue.ts';
import { emptyDemoDataset } from '../../src/demo/dataset.ts';
import { insertDemoData } from '../../src/demo/insert.ts';
import { loadConfig } from '../../src/infrastructure/config/config.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { deleteTestCompany, TEST_REGION, TestCompanies } from '../../testkit/companies.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

const NOW = new Date('2025-06-01T00:00:00.000Z');
const settings = loadConfig({ MODE: 'demo', LOG_LEVEL: 'silent' });

let database: Database;

/** Rows of every public table, by table, that name one of these companies or their customers. */
async function rowsOf(companyIds: string[]): Promise<Record<string, number>> {
  const { db } = database;
  const organizations = await db
    .selectFrom('organizations')
    .select('id')
    .where('company_id', 'in', companyIds)
    .execute();
  const columns = await sql<{ table: string; column: string }>`
    select c.table_name as "table", c.column_name as "column" from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.column_name in ('company_id', 'organization_id')`.execute(db);
  const counts: Record<string, number> = {};
  for (const { table, column } of columns.rows) {
    const ids = column === 'company_id' ? companyIds : organizations.map((organization) => organization.id);
    if (ids.length === 0) continue;
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = any(${ids}::uuid[])`.execute(
      db,
    );
    if (rows[0]!.n > 0) counts[`${table}.${column}`] = rows[0]!.n;
  }
  const companies = await db.selectFrom('companies').select('id').where('id', 'in', companyIds).execute();
  if (companies.length > 0) counts.companies = companies.length;
  return counts;
}

async function identityUsers(subs: string[]): Promise<number> {
  const rows = await database.db
    .selectFrom('identity_users')
    .select('sub')
    .where('sub', 'in', subs)
    .execute();
  return rows.length;
}

beforeAll(async () => {
  database = await openTestDatabase();
  // What the demo seed holds before a test company is made: its region and the license catalogue.
  const { id, name, latitude, longitude } = TEST_REGION;
  const catalogue = {
    ...emptyDemoDataset(),
    regions: [{ id, name, latitude, longitude }],
    licenseCatalogue: LICENSE_CATALOGUE,
  };
  await database.db.transaction().execute((trx) => insertDemoData(trx, catalogue));
});
afterAll(async () => {
  await database?.close();
});

describe('deleteTestCompany (the e2e fixtures leave nothing behind)', () => {
  it('deletes a distributor, its dealers, their customers and their people, and nothing of another company', async () => {
    const made = new TestCompanies(7, NOW);
    const owner = (key: string) => ({ email: `owner@${key}.test.example`, name: `Owner${key}` });
    const disty = made.addCompany({
      key: 'disty',
      name: 'Doomed Distribution',
      phone: '+1 206 555 1001',
      roles: ['disty'],
      parentCompanyId: null,
      owner: owner('disty'),
    });
    const dealer = made.addCompany({
      key: 'dealer',
      name: 'Doomed Dealer',
      phone: '+1 206 555 1002',
      roles: ['dealer'],
      parentCompanyId: disty.companyId,
      owner: owner('dealer'),
    });
    made.addCustomers(dealer, {
      count: 2,
      devices: 12,
      remoteAccessBy: [dealer.owner.userId],
      sdCardError: true,
    });
    const bystander = made.addCompany({
      key: 'bystander',
      name: 'Bystander Security',
      phone: '+1 206 555 1003',
      roles: ['dealer'],
      parentCompanyId: null,
      owner: owner('bystander'),
    });
    made.addCustomers(bystander, { count: 2, devices: 12, sdCardError: true });
    await made.insert(database.db, settings);
    // An audit entry about the doomed company (append-only: only a removal that is allowed may take it).
    await database.db
      .insertInto('audit_log')
      .values({
        actor_user_id: dealer.owner.userId,
        company_id: dealer.companyId,
        action: 'test',
        target_type: 'company',
      })
      .execute();
    const doomed = [disty.companyId, dealer.companyId];
    expect(Object.keys(await rowsOf(doomed))).toEqual(
      expect.arrayContaining([
        'companies',
        'users.company_id',
        'devices.organization_id',
        'audit_log.company_id',
      ]),
    );
    const bystanderRows = await rowsOf([bystander.companyId]);

    await deleteTestCompany(database.db, disty.companyId);

    expect(await rowsOf(doomed)).toEqual({});
    expect(await identityUsers([disty.owner.userId, dealer.owner.userId])).toBe(0);
    expect(await rowsOf([bystander.companyId])).toEqual(bystanderRows);
    expect(await identityUsers([bystander.owner.userId])).toBe(1);
  });
});
