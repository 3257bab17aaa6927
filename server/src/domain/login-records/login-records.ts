import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { badRequest, forbidden } from '../errors.ts';

const MAX_CLOCK_DIFFERENCE_MS = 24 * 3600 * 1000;

/**
 * Records a successful sign-in (OBM login records), only for the signed-in user's own address; the pool
 * user's e-mail stands in when the token carries none (an access token).
 */
export async function recordLogin(
  db: Kysely<DB>,
  signedIn: { email: string | null; username: string },
  record: { email: string; region: string; timestamp: number | string },
): Promise<void> {
  const own =
    signedIn.email ??
    (
      await db
        .selectFrom('identity_users')
        .select('email')
        .where('username', '=', signedIn.username)
        .executeTakeFirst()
    )?.email;
  if (own && own.toLowerCase() !== record.email.toLowerCase())
    throw forbidden('Login records are for your own account.');
  const { timestamp } = record;
  const at = new Date(typeof timestamp === 'number' ? timestamp : Date.parse(timestamp));
  if (Number.isNaN(at.getTime()) || Math.abs(at.getTime() - Date.now()) > MAX_CLOCK_DIFFERENCE_MS) {
    throw badRequest('timestamp: must be the time of the sign-in');
  }
  await db
    .insertInto('login_records')
    .values({ email: record.email.toLowerCase(), region: record.region, at })
    .execute();
}
