import type { IdentityContext } from './context.ts';
import { tooManyRequests } from './errors.ts';
import { hitCounter } from './rate-counters.ts';

/**
 * Per-client-address throttle for the unauthenticated operations (sign-in, password reset, resend).
 * Every client retry counts too (COGNITO.md §1.3).
 */
/**
 * How much of an account's hourly allowance (reset codes, temporary-password resends) one client address
 * may use: half, so a stranger alone cannot use it all up and lock the owner out of recovery.
 */
export const addressShareOf = (accountAllowance: number): number =>
  Math.max(1, Math.floor(accountAllowance / 2));

export async function limitClientAddress(ctx: IdentityContext, scope: string): Promise<void> {
  const count = await hitCounter(ctx.db, `address:${scope}:${ctx.clientAddress}`, 60, ctx.now());
  if (count > ctx.config.IDENTITY_ADDRESS_REQUESTS_PER_MINUTE) throw tooManyRequests();
}
