import type { BrandId } from '@portal/contracts/brands';
import { DEFAULT_ROLE, type Role } from '@portal/contracts/roles';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.ts';
import type { Authority } from './access-rule.ts';

/**
 * A member with their company's current role, vendor and that role's hierarchy authorities: one join,
 * so callers add their own conditions and columns and still read everything in one round trip.
 */
export function authorityQuery(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .leftJoin('role_permissions', (join) =>
      join.on(sql<boolean>`role_permissions.role = coalesce(companies.roles[1], ${DEFAULT_ROLE})`),
    )
    .select([
      'users.id as user_id',
      'users.company_id',
      'companies.roles',
      'companies.vendor',
      'role_permissions.hierarchy_authorities',
    ]);
}

export function toAuthority(row: {
  user_id: string;
  company_id: string;
  roles: string[];
  vendor: string;
  hierarchy_authorities: string[] | null;
}): Authority {
  return {
    userId: row.user_id,
    companyId: row.company_id,
    role: (row.roles[0] ?? DEFAULT_ROLE) as Role,
    vendor: row.vendor as BrandId,
    hierarchyAuthorities: row.hierarchy_authorities ?? [],
  };
}

/** The authority of a signed-in user, or undefined when they are no longer a member of a company. */
export async function loadAuthority(db: Kysely<DB>, userId: string): Promise<Authority | undefined> {
  const row = await authorityQuery(db).where('users.id', '=', userId).executeTakeFirst();
  return row && toAuthority(row);
}
