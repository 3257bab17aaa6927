import { createHmac, randomBytes } from 'node:crypto';
import type { IdentityContext } from '../context.ts';
import { MESSAGES, notAuthorized, userNotFound } from '../errors.ts';
import { storedSecret } from '../stored-secrets.ts';

/**
 * What a sign-in step says about an account that does not exist: 'User does not exist.' with
 * PreventUserExistenceErrors=LEGACY, the wrong-password answer with ENABLED.
 */
export function unknownUserError(ctx: IdentityContext) {
  return ctx.config.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS === 'ENABLED'
    ? notAuthorized(MESSAGES.incorrectCredentials)
    : userNotFound();
}

/**
 * Stable fake values for a username (same salt and id on every probe, in every process), keyed with a
 * secret of their own, generated on first use and kept in the database.
 */
export async function simulatedIdentity(
  ctx: IdentityContext,
  username: string,
): Promise<{ salt: string; userId: string }> {
  const key = await storedSecret(ctx.db, 'simulated-user-key', () => randomBytes(32).toString('base64url'));
  const digest = createHmac('sha256', key).update(`simulated-user:${username.toLowerCase()}`).digest('hex');
  const userId = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-4${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
  return { salt: digest.slice(32, 64), userId };
}
