import { CHALLENGE_VALIDITY_MS } from '../amplify/new-password-challenge.ts';
import type { SecondFactor, TwoStepChallenge } from './two-step-challenge.ts';

/**
 * The pending second step of a sign-in. Amplify keeps the challenge's session in sessionStorage for 3 minutes
 * (Cognito's session validity); the step is kept beside it for as long, so a reload of /two-step-sign-in still
 * shows the right screen. An authenticator app's secret is never written to storage: after a reload the
 * set-up step is gone (the user signs in again and gets a new secret).
 */
export const TWO_STEP_CHALLENGE_KEY = 'partner-portal.two-step-challenge';

type Stored =
  | { kind: 'totpCode' | 'emailSetup' }
  | { kind: 'emailCode'; destination?: string }
  | { kind: 'chooseMethod' | 'chooseSetup'; methods: SecondFactor[] };

interface Marker {
  username: string;
  challenge: Stored;
  expiresAt: number;
}

export interface TwoStepStore {
  start(username: string, challenge: TwoStepChallenge): void;
  /** The pending step, or null when none is pending (or it expired). */
  pending(): { username: string; challenge: TwoStepChallenge } | null;
  clear(): void;
}

const KINDS = new Set(['totpCode', 'emailCode', 'chooseMethod', 'chooseSetup', 'emailSetup']);
const FACTORS = new Set(['TOTP', 'EMAIL']);

function parse(raw: string | null | undefined): Marker | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Marker> | null;
    const challenge = value?.challenge as Partial<Record<string, unknown>> | undefined;
    if (typeof value?.username !== 'string' || typeof value.expiresAt !== 'number') return null;
    if (!challenge || typeof challenge.kind !== 'string' || !KINDS.has(challenge.kind)) return null;
    if ('methods' in challenge) {
      const methods = challenge.methods;
      if (!Array.isArray(methods) || !methods.every((method) => FACTORS.has(method))) return null;
    }
    return value as Marker;
  } catch {
    return null;
  }
}

export function createTwoStepStore(storage: () => Storage | undefined, now: () => number = Date.now) {
  let inMemory: { username: string; challenge: TwoStepChallenge; expiresAt: number } | null = null;

  const store: TwoStepStore = {
    start(username, challenge) {
      store.clear();
      const expiresAt = now() + CHALLENGE_VALIDITY_MS;
      inMemory = { username, challenge, expiresAt };
      if (challenge.kind === 'totpSetup') return;
      const marker: Marker = { username, challenge, expiresAt };
      try {
        storage()?.setItem(TWO_STEP_CHALLENGE_KEY, JSON.stringify(marker));
      } catch {
        // Without storage the step cannot survive a reload; answering it right away still works.
      }
    },
    pending() {
      let marker: { username: string; challenge: TwoStepChallenge; expiresAt: number } | null = inMemory;
      if (!marker) {
        try {
          marker = parse(storage()?.getItem(TWO_STEP_CHALLENGE_KEY));
        } catch {
          marker = null;
        }
      }
      if (!marker) return null;
      if (now() >= marker.expiresAt) {
        store.clear();
        return null;
      }
      return { username: marker.username, challenge: marker.challenge };
    },
    clear() {
      inMemory = null;
      try {
        storage()?.removeItem(TWO_STEP_CHALLENGE_KEY);
      } catch {
        // Nothing to clear.
      }
    },
  };
  return store;
}
