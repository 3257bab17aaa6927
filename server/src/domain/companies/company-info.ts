import type { CompanyInfo } from '@portal/contracts/reseller';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Caller } from '../../services/reseller/caller.ts';
import { notFound } from '../errors.ts';

/** SPEC §3 Company, as the caller sees their own company. */
export async function readCompanyInfo(db: Kysely<DB>, caller: Caller): Promise<CompanyInfo> {
  const row = await db
    .selectFrom('companies')
    .innerJoin('users as owner', 'owner.id', 'companies.owner_user_id')
    .leftJoin('regions', 'regions.id', 'companies.region_id')
    .leftJoin('companies as parent', 'parent.id', 'companies.parent_company_id')
    // The caller's role's hierarchy authorities, in the same round trip.
    .leftJoin('role_permissions', (join) => join.on('role_permissions.role', '=', caller.role))
    .select([
      'companies.id',
      'companies.name',
      'companies.phone',
      'companies.roles',
      'companies.vendor',
      'companies.auto_generate_order_key',
      'owner.email as owner_email',
      'regions.name as region_name',
      'regions.latitude',
      'regions.longitude',
      'parent.id as parent_id',
      'parent.name as parent_name',
      'role_permissions.hierarchy_authorities',
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
      row.region_name !== null && row.latitude !== null && row.longitude !== null
        ? { name: row.region_name, latitude: row.latitude, longitude: row.longitude }
        : null,
    type: row.roles,
    vendor: row.vendor,
    owner: caller.isOwner,
    member: true,
    availableRoleList: row.roles,
    hierarchyAuth: row.hierarchy_authorities ?? [],
    hierarchyParent: row.parent_id && row.parent_name ? { id: row.parent_id, name: row.parent_name } : null,
    autoGenerateOrderKey: row.auto_generate_order_key,
  };
}
