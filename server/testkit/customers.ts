/** Growing a company's data with the demo generator's own building blocks (server/src/demo). */
import { sql } from 'kysely';
import { generateCustomers } from '../src/demo/customers.ts';
import type { DemoDataset } from '../src/demo/dataset.ts';
import { TAIWAN_CITIES } from '../src/demo/geography.ts';
import { insertDemoData } from '../src/demo/insert.ts';
import { DeviceIds, seededFaker } from '../src/demo/random.ts';
import { seedingDay } from '../src/demo/seed.ts';
import type { Database } from '../src/infrastructure/db/database.ts';

/** One id set per process, so that batches never repeat a device id. */
const ids = new DeviceIds();

/**
 * Adds `count` customers with `devices` devices in all (sites, services, licenses, incidents included) to a
 * company, then vacuums and analyzes as autovacuum would after a bulk load. Returns the new customers' ids.
 */
export async function addCustomers(
  database: Database,
  companyId: string,
  options: { count: number; devices: number; seed: number },
): Promise<string[]> {
  const customers = generateCustomers(seededFaker(options.seed), ids, seedingDay(), {
    companyId,
    count: options.count,
    devices: options.devices,
    cities: TAIWAN_CITIES,
  });
  const empty = { regions: [], companies: [], users: [], licenseCatalogue: [], licenseInventory: [] };
  const rest = { remoteAccessRequests: [], loginRecords: [], auditLog: [], accounts: [] };
  await database.db
    .transaction()
    .execute((trx) => insertDemoData(trx, { ...empty, ...rest, ...customers } as unknown as DemoDataset));
  await sql`vacuum analyze`.execute(database.db);
  return customers.organizations.map((organization) => organization.id);
}

export async function deviceCount(database: Database, companyId: string): Promise<number> {
  const row = await database.db
    .selectFrom('devices')
    .select(database.db.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
