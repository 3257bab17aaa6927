/**
 * When a failed attempt is tried again (decision 0019): after `baseSeconds × 2^(attempt − 1)`, for as long as
 * the next attempt falls within the retry window after the first one; past it the message is given up. Pure:
 * the clock is an argument.
 */

/** A message is retried for this long after its first attempt. */
export const RETRY_WINDOW_MS = 24 * 3600_000;

/** The delay before attempt `attempt + 1`: base, doubling. */
export function retryDelayMs(baseSeconds: number, attempt: number): number {
  return baseSeconds * 1000 * 2 ** Math.min(attempt - 1, 30);
}

export type AfterFailure = { next: 'retry'; attempt: number; at: Date } | { next: 'give-up' };

/** What follows the failed attempt `attempt` of a message first attempted at `firstAttemptAt`. */
export function afterFailure(options: {
  attempt: number;
  firstAttemptAt: Date;
  baseSeconds: number;
  now: number;
  windowMs?: number;
}): AfterFailure {
  const at = options.now + retryDelayMs(options.baseSeconds, options.attempt);
  if (at > options.firstAttemptAt.getTime() + (options.windowMs ?? RETRY_WINDOW_MS))
    return { next: 'give-up' };
  return { next: 'retry', attempt: options.attempt + 1, at: new Date(at) };
}
