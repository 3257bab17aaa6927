import { licenseTypeFromName } from '@portal/contracts/licenses';
import type { licenseInfoListSchema, licenseQuantityListSchema } from '@portal/contracts/statistics';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../infrastructure/db/types.ts';

/** The license catalogue (SPEC §7 default `GET /license/info`), by name. */
export async function licenseCatalogue(db: Kysely<DB>): Promise<z.infer<typeof licenseInfoListSchema>> {
  const rows = await db
    .selectFrom('license_catalogue')
    .select(['id', 'name', 'duration_days'])
    .orderBy('name')
    .execute();
  return {
    model: rows.map((row) => ({
      id: row.id,
      name: row.name,
      duration: row.duration_days,
      type: licenseTypeFromName(row.name),
    })),
  };
}

/** A company's license stock (SPEC §7 default `GET /license/quantity`). */
export async function licenseInventory(
  db: Kysely<DB>,
  companyId: string,
): Promise<z.infer<typeof licenseQuantityListSchema>> {
  const rows = await db
    .selectFrom('license_inventory')
    .select(['license_id', 'quantity'])
    .where('company_id', '=', companyId)
    .orderBy('license_id')
    .execute();
  return { items: rows.map((row) => ({ id: row.license_id, quantity: row.quantity })) };
}
