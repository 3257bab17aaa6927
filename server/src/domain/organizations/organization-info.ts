import type { organizationInfoSchema } from '@portal/contracts/organizations';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../infrastructure/db/types.ts';
import { readRemoteAccess } from '../remote-access/state.ts';

/** One customer's name, expiry and portal remote-access flags; the route declares it (config.actsOn), so it is visible. */
export async function organizationInfo(
  db: Kysely<DB>,
  orgId: string,
): Promise<z.infer<typeof organizationInfoSchema>> {
  const org = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'expiration_date'])
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  return {
    id: org.id,
    name: org.name,
    expirationDate: org.expiration_date,
    remoteAccess: await readRemoteAccess(db, orgId),
  };
}
