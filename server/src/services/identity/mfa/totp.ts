import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret } from 'otpauth';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30 s steps; a code of the step before or after is accepted. */
export const TOTP_STEP_SECONDS = 30;
const ACCEPTED_DRIFT_STEPS = 1;

/** A new seed: 20 random bytes (RFC 4226's recommendation), in the base32 form apps take (`SecretCode`). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export const totpStepAt = (now: Date): number => Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The code of a step (for tests and benches computing what an app shows). */
export function totpCode(secretBase32: string, step: number): string {
  return HOTP.generate({ secret: Secret.fromBase32(secretBase32), counter: step });
}

/** The steps around `now` whose code is `code`, earliest first (usually none or one). */
export function matchingTotpSteps(secretBase32: string, code: string, now: Date): number[] {
  if (!/^\d{6}$/.test(code)) return [];
  const secret = Secret.fromBase32(secretBase32);
  const given = Buffer.from(code);
  const current = totpStepAt(now);
  const steps: number[] = [];
  for (let step = current - ACCEPTED_DRIFT_STEPS; step <= current + ACCEPTED_DRIFT_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(HOTP.generate({ secret, counter: step })), given)) steps.push(step);
  }
  return steps;
}
