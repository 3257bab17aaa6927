import { vi } from 'vitest';
import { TOTP_STEP_SECONDS, totpCode, totpStepAt } from '../../src/services/identity/mfa/totp.ts';

const STEP_MS = TOTP_STEP_SECONDS * 1000;

/**
 * A fixed clock for the server and the clients in this process (only Date is faked; timers run): it
 * starts in the middle of a 30 s TOTP step and moves only when told, so no code races a step boundary.
 */
export function fixedClock() {
  let now = (Math.floor(Date.now() / STEP_MS) + 1) * STEP_MS + STEP_MS / 2;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return {
    advance(ms: number) {
      now += ms;
      vi.setSystemTime(now);
    },
    /** To the middle of the next step: what an app shows 30 s later. */
    nextStep() {
      this.advance(STEP_MS);
    },
    /** The code an authenticator app shows now for this seed. */
    code(secret: string, stepsAhead = 0) {
      return totpCode(secret, totpStepAt(new Date(now)) + stepsAhead);
    },
    restore() {
      vi.useRealTimers();
    },
  };
}
