import type { RemoteAccess } from '@portal/contracts/organizations';
import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { expireRemoteAccess } from './expiry.ts';

/** The customer portal's remote-access flags, after lazy expiry. */
export async function readRemoteAccess(db: Kysely<DB>, organizationId: string): Promise<RemoteAccess> {
  await expireRemoteAccess(db, organizationId);
  const row = await db
    .selectFrom('organizations')
    .select(['remote_access_enabled', 'remote_access_requesting'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return { enabled: row.remote_access_enabled, requesting: row.remote_access_requesting };
}
