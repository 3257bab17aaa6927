import type { Kysely } from 'kysely';
import type { DB } from '../../server/src/infrastructure/db/types.ts';
import { createRefreshSession } from '../../server/src/services/identity/tokens/refresh-tokens.ts';

/**
 * A sign-in of the user as the identity service records it, for benches that issue company and
 * organization tokens directly: those tokens carry its origin_jti and are checked against it.
 */
export async function recordSignIn(db: Kysely<DB>, sub: string, clientId: string): Promise<string> {
  const { session } = await createRefreshSession(db, {
    sub,
    clientId,
    now: new Date(),
    lifetimeSeconds: 86_400,
  });
  return session.originJti;
}
