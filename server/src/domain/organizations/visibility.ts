import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { notFound } from '../errors.ts';
import { isUuid } from '../uuid.ts';

/** What a derived token may see: its company's customers, and only its own for an organization token. */
export interface TenantScope {
  companyId: string;
  /** Set for an organization token: the one organization it may see. */
  organizationId: string | null;
}

/**
 * Throws 404 unless the organization is visible to the scope: managed by its company, and the very
 * organization of an organization token. Existence elsewhere is never leaked.
 */
export async function assertOrganizationVisible(
  db: Kysely<DB>,
  scope: TenantScope,
  orgId: string,
): Promise<void> {
  if (scope.organizationId !== null && scope.organizationId !== orgId)
    throw notFound('Organization not found');
  if (!isUuid(orgId)) throw notFound('Organization not found');
  const org = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', orgId)
    .where('company_id', '=', scope.companyId)
    .executeTakeFirst();
  if (!org) throw notFound('Organization not found');
}
