import { hitCounter } from '../../infrastructure/rate-limits/rate-counters.ts';
import type { IdentityContext } from './context.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Per-client-address throttle for the unauthenticated operations (sign-in, password reset, resend).
 * Every client retry counts too (COGNITO.md §1.3).
 */
export async function limitClientAddress(ctx: IdentityContext, scope: string): Promise<void> {
  const count = await hitCounter(ctx.db, `address:${scope}:${ctx.clientAddress}`, 60, ctx.now());
  if (count > ctx.config.IDENTITY_ADDRESS_REQUESTS_PER_MINUTE) throw tooManyRequests();
}
