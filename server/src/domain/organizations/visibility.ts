import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { type DomainError, notFound } from '../errors.ts';
import { isUuid } from '../uuid.ts';

/** What a derived token may see: its company's customers, and only its own for an organization token. */
export interface TenantScope {
  companyId: string;
  /** Set for an organization token: the one organization it may see. */
  organizationId: string | null;
}

/**
 * The kinds of thing a route can act on by id. `customer` is the organization under the partner API's
 * name (its 404 says so).
 */
export type TenantKind = 'organization' | 'customer' | 'site' | 'device' | 'incident';

interface KindTable {
  table: 'organizations' | 'sites' | 'devices' | 'incidents';
  /** The column holding the organization, for an organization token's one organization. */
  organizationColumn: 'id' | 'organization_id';
  /** Whether an id can name a row at all; anything else is 404 without asking the database. */
  wellFormed: (id: string) => boolean;
  /** The kind's 404 (written out, so the web app's message check sees it). */
  missing: () => DomainError;
}

const KINDS: Record<TenantKind, KindTable> = {
  organization: {
    table: 'organizations',
    organizationColumn: 'id',
    wellFormed: isUuid,
    missing: () => notFound('Organization not found'),
  },
  customer: {
    table: 'organizations',
    organizationColumn: 'id',
    wellFormed: isUuid,
    missing: () => notFound('Customer not found'),
  },
  site: {
    table: 'sites',
    organizationColumn: 'organization_id',
    wellFormed: isUuid,
    missing: () => notFound('Site not found'),
  },
  device: {
    table: 'devices',
    organizationColumn: 'organization_id',
    wellFormed: (id) => id.length > 0,
    missing: () => notFound('Device not found'),
  },
  incident: {
    table: 'incidents',
    organizationColumn: 'organization_id',
    wellFormed: (id) => /^[0-9]{1,18}$/.test(id),
    missing: () => notFound('Incident not found'),
  },
};

/**
 * Throws 404 unless the thing is visible to the scope: its company's, and of the very organization of an
 * organization token. Existence elsewhere is never leaked. The one visibility check: the caller hook asks
 * it for what a route declares it acts on (`config.actsOn`, auth/tenant-scope.ts).
 */
export async function assertVisible(
  db: Kysely<DB>,
  scope: TenantScope,
  kind: TenantKind,
  id: string,
): Promise<void> {
  const { table, organizationColumn, wellFormed, missing } = KINDS[kind];
  if (scope.organizationId !== null && organizationColumn === 'id' && scope.organizationId !== id) {
    throw missing();
  }
  if (!wellFormed(id)) throw missing();
  // Every table here has id, company_id and organization_id (or is the organization): typed as one of them.
  const found = await db
    .selectFrom(table as 'sites')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .$if(scope.organizationId !== null, (query) =>
      query.where(organizationColumn as 'organization_id', '=', scope.organizationId as string),
    )
    .executeTakeFirst();
  if (!found) throw missing();
}
