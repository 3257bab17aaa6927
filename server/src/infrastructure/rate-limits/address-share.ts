/**
 * How much of an account's hourly allowance (reset codes, temporary-password resends) one client address
 * may use: half, so a stranger alone cannot use it all up and lock the owner out of recovery.
 */
export const addressShareOf = (accountAllowance: number): number =>
  Math.max(1, Math.floor(accountAllowance / 2));
