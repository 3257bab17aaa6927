import type { CompanyInfo } from '@portal/contracts/reseller';
import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { notFound } from '../errors.ts';
import type { Caller } from '../members/caller.ts';
import { changeAsOwner } from './owner-change.ts';

/** SPEC §3 Company, as the caller sees their own company. */
export async function readCompanyInfo(db: Kysely<DB>, caller: Caller): Promise<CompanyInfo> {
  const row = await db
    .selectFrom('companies')
    .innerJoin('users as owner', 'owner.id', 'companies.owner_user_id')
    .leftJoin('regions', 'regions.id', 'companies.region_id')
    .leftJoin('companies as parent', 'parent.id', 'companies.parent_company_id')
    .select([
      'companies.id',
      'companies.name',
      'companies.phone',
      'companies.roles',
      'companies.vendor',
      'companies.auto_generate_order_key',
      'owner.email as owner_email',
      'regions.id as region_id',
      'regions.name as region_name',
      'regions.latitude',
      'regions.longitude',
      'parent.id as parent_id',
      'parent.name as parent_name',
    ])
    .where('companies.id', '=', caller.companyId)
    .executeTakeFirst();
  if (!row) throw notFound('Company not found');
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    ownerEmail: row.owner_email,
    region:
      row.region_id !== null && row.region_name !== null && row.latitude !== null && row.longitude !== null
        ? { id: row.region_id, name: row.region_name, latitude: row.latitude, longitude: row.longitude }
        : null,
    type: row.roles,
    vendor: row.vendor,
    owner: caller.isOwner,
    member: true,
    availableRoleList: row.roles,
    // Read with the caller, in the same request.
    hierarchyAuth: [...caller.hierarchyAuthorities],
    hierarchyParent: row.parent_id && row.parent_name ? { id: row.parent_id, name: row.parent_name } : null,
    autoGenerateOrderKey: row.auto_generate_order_key,
  };
}

/** The owner renames the company; ownership is checked by the UPDATE itself, so a transfer racing it wins. */
export async function renameCompany(db: Kysely<DB>, caller: Caller, name: string): Promise<void> {
  await changeAsOwner(db, caller, async (trx, before) => {
    await trx.updateTable('companies').set({ name }).where('id', '=', caller.companyId).execute();
    return {
      action: 'company.update',
      targetType: 'company',
      targetId: caller.companyId,
      targetName: name,
      before: { name: before.name },
      after: { name },
      details: { name },
    };
  });
}
