/**
 * Remembers that a sign-in is waiting for a new password (CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED).
 * Amplify keeps the challenge's session in sessionStorage for 3 minutes (Cognito's session validity);
 * the marker lives in the same storage for the same time, so a reload keeps /set-new-password reachable
 * exactly as long as confirming can still work.
 */
export const NEW_PASSWORD_CHALLENGE_KEY = 'partner-portal.new-password-challenge';
export const CHALLENGE_VALIDITY_MS = 3 * 60_000;

interface Marker {
  username: string;
  expiresAt: number;
}

export interface ChallengeStore {
  start(username: string): void;
  /** The username of the pending challenge, or null when none is pending (or it expired). */
  pending(): string | null;
  clear(): void;
}

export function createChallengeStore(storage: () => Storage | undefined, now: () => number = Date.now) {
  const read = (): Marker | null => {
    try {
      const raw = storage()?.getItem(NEW_PASSWORD_CHALLENGE_KEY);
      if (!raw) return null;
      const value: unknown = JSON.parse(raw);
      if (
        typeof value === 'object' &&
        value !== null &&
        'username' in value &&
        'expiresAt' in value &&
        typeof value.username === 'string' &&
        typeof value.expiresAt === 'number'
      ) {
        return { username: value.username, expiresAt: value.expiresAt };
      }
    } catch {
      // Unreadable storage or a damaged marker: no challenge.
    }
    return null;
  };

  const store: ChallengeStore = {
    start(username) {
      const marker: Marker = { username, expiresAt: now() + CHALLENGE_VALIDITY_MS };
      try {
        storage()?.setItem(NEW_PASSWORD_CHALLENGE_KEY, JSON.stringify(marker));
      } catch {
        // Without storage the challenge cannot survive a reload; confirming right away still works.
      }
    },
    pending() {
      const marker = read();
      if (!marker) return null;
      if (now() >= marker.expiresAt) {
        store.clear();
        return null;
      }
      return marker.username;
    },
    clear() {
      try {
        storage()?.removeItem(NEW_PASSWORD_CHALLENGE_KEY);
      } catch {
        // Nothing to clear.
      }
    },
  };
  return store;
}
