import type { BrandId } from '@portal/contracts/brands';
import { DEFAULT_ROLE, type Role } from '@portal/contracts/roles';
import { type Kysely, sql, type Transaction } from 'kysely';
import { col, EXAMPLE_UUID, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { notFound } from '../errors.ts';
import type { Caller } from '../members/caller.ts';
import { isUuid } from '../uuid.ts';

/**
 * Drill-down (issue 16): a partner (HQ, region, distributor) looks at a dealer below it through a read-only
 * company token. Whether the dealer is still below the partner is read fresh on every request, like the
 * member's own company: moving the dealer elsewhere ends the view at once.
 */

export interface ViewedDealer {
  companyId: string;
  name: string;
  role: Role;
  vendor: BrandId;
  hierarchyAuthorities: Role[];
}

const PARTNER_ROLES: readonly Role[] = ['hq-pm', 'hq-sales', 'region', 'disty'];
export const isPartnerRole = (role: Role) => PARTNER_ROLES.includes(role);

/** The dealer `dealerId` if it is below the viewer's company (HQ: any dealer); undefined otherwise. */
export async function dealerBelow(
  db: Kysely<DB> | Transaction<DB>,
  viewer: { companyId: string; role: Role },
  dealerId: string,
): Promise<ViewedDealer | undefined> {
  if (!isUuid(dealerId) || dealerId === viewer.companyId || !isPartnerRole(viewer.role)) return undefined;
  const hq = viewer.role === 'hq-pm' || viewer.role === 'hq-sales';
  const { rows } = await dealerBelowQuery(dealerId, viewer.companyId, hq).execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    companyId: row.id,
    name: row.name,
    role: (row.roles[0] ?? DEFAULT_ROLE) as Role,
    vendor: row.vendor,
    hierarchyAuthorities: row.authorities ?? [],
  };
}

const dealerBelowQuery = rawQuery(
  'dealer below a partner',
  {
    id: col.uuid(),
    name: col.text(),
    roles: col.textArray<Role>(),
    vendor: col.text<BrandId>(),
    authorities: col.textArray<Role>().orNull(),
  },
  (dealerId: string, viewerCompanyId: string, hq: boolean) => sql`
    with recursive above (id, depth) as (
      select c.parent_company_id, 1 from companies c where c.id = ${dealerId}
      union all
      select c.parent_company_id, a.depth + 1 from companies c join above a on c.id = a.id
      where a.depth < 32
    )
    select d.id, d.name, d.roles, d.vendor, rp.hierarchy_authorities as authorities
    from companies d
    left join role_permissions rp on rp.role = coalesce(d.roles[1], ${DEFAULT_ROLE})
    where d.id = ${dealerId}
      and coalesce(d.roles[1], ${DEFAULT_ROLE}) = 'dealer'
      and (${hq} or exists (select 1 from above a where a.id = ${viewerCompanyId}))`,
  [EXAMPLE_UUID, EXAMPLE_UUID, false],
);

/** Opens a read-only view of a dealer below the caller, audited; a company outside the hierarchy is 404. */
export async function openPartnerView(
  db: Kysely<DB>,
  caller: Caller,
  dealerId: string,
): Promise<ViewedDealer> {
  return db.transaction().execute(async (trx) => {
    const dealer = await dealerBelow(trx, caller, dealerId);
    if (!dealer) throw notFound('Company not found');
    const entry = {
      actorUserId: caller.userId,
      action: 'partner.view' as const,
      targetType: 'company',
      targetId: dealer.companyId,
      targetName: dealer.name,
      details: { dealer: dealer.name },
    };
    // In the partner's log, and in the dealer's: a dealer's owner sees who above it looked at its data.
    await writeAudit(trx, { ...entry, companyId: caller.companyId });
    await writeAudit(trx, { ...entry, companyId: dealer.companyId });
    return dealer;
  });
}

/** The caller of a drill-down token: the member, acting as a read-only viewer of the dealer. */
export function viewerOf(member: Caller, dealer: ViewedDealer): Caller {
  return {
    ...member,
    companyId: dealer.companyId,
    isOwner: false,
    role: dealer.role,
    vendor: dealer.vendor,
    hierarchyAuthorities: dealer.hierarchyAuthorities,
    viewerCompanyId: member.companyId,
  };
}
