import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { storedSecret } from '../../../infrastructure/secrets/stored-secrets.ts';
import type { IdentityContext } from '../context.ts';
import { MESSAGES, notAuthorized, userNotFound } from '../errors.ts';

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
 * HMAC with a secret of its own (never the admin key), generated on first use and kept in the database,
 * so every process derives the same values.
 */
const keyed = async (ctx: IdentityContext, ...parts: (string | Buffer)[]) => {
  const key = await storedSecret(ctx.db, 'simulated-user-key', () => randomBytes(32).toString('base64url'));
  const hmac = createHmac('sha256', key);
  for (const part of parts) hmac.update(part);
  return hmac.digest();
};

/** Stable fake values for a username (same salt and id on every probe, in every process). */
export async function simulatedIdentity(
  ctx: IdentityContext,
  username: string,
): Promise<{ salt: string; userId: string }> {
  const digest = (await keyed(ctx, `simulated-user:${username.toLowerCase()}`)).toString('hex');
  const userId = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-4${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
  return { salt: digest.slice(32, 64), userId };
}

/**
 * A challenge Session for an account that does not exist (PreventUserExistenceErrors=ENABLED). It is
 * 48 random-looking bytes like a real one, but nothing is stored: a nonce and a MAC over the username
 * and the time window, so the next step can tell it apart and answer as for a wrong password. It is
 * accepted for one to two IDENTITY_AUTH_SESSION_SECONDS windows.
 */
export async function simulatedSession(ctx: IdentityContext, username: string): Promise<string> {
  const nonce = randomBytes(24);
  const mac = await sessionMac(ctx, username, nonce, sessionWindow(ctx));
  return Buffer.concat([nonce, mac]).toString('base64url');
}

export async function isSimulatedSession(
  ctx: IdentityContext,
  handle: string,
  username: string,
): Promise<boolean> {
  const bytes = Buffer.from(handle, 'base64url');
  if (bytes.length !== 48) return false;
  const nonce = bytes.subarray(0, 24);
  const mac = bytes.subarray(24);
  const window = sessionWindow(ctx);
  for (const w of [window, window - 1]) {
    if (timingSafeEqual(mac, await sessionMac(ctx, username, nonce, w))) return true;
  }
  return false;
}

const sessionWindow = (ctx: IdentityContext) =>
  Math.floor(ctx.now().getTime() / (ctx.config.IDENTITY_AUTH_SESSION_SECONDS * 1000));

const sessionMac = async (ctx: IdentityContext, username: string, nonce: Buffer, window: number) =>
  (await keyed(ctx, `simulated-session:${username.trim().toLowerCase()}:${window}:`, nonce)).subarray(0, 24);
