/**
 * Wrong passwords given for an email in this browser tab, so /login can say 'Password attempts exceeded'
 * from the sixth attempt on (issue 23). Cognito locks after the fifth failure, but only for 2^(n-5) s
 * (COGNITO.md §7): a slow next attempt (SRP takes seconds) finds the lock over and is answered 'Incorrect
 * username or password.' again, while the account is in lockout all the same. Cognito forgets the count
 * after 15 minutes without attempts; so does this. Kept in sessionStorage, so a reload does not reset it.
 */
const STORAGE_KEY = 'partner-portal.password-failures';
export const LOCKOUT_THRESHOLD = 5;
const QUIET_RESET_MS = 15 * 60 * 1000;

type Failures = Record<string, { count: number; lastAt: number }>;

function read(): Failures {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Failures) : {};
  } catch {
    return {};
  }
}

function write(failures: Failures): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(failures));
  } catch {
    // Storage full or blocked: the count lives only as long as the page.
  }
}

const keyOf = (email: string) => email.trim().toLowerCase();

/** Counts one wrong password; true when the account has reached Cognito's lockout (this is failure 6 or later). */
export function noteWrongPassword(email: string, now = Date.now()): boolean {
  const failures = read();
  const previous = failures[keyOf(email)];
  const count = previous && now - previous.lastAt < QUIET_RESET_MS ? previous.count + 1 : 1;
  failures[keyOf(email)] = { count, lastAt: now };
  write(failures);
  return count > LOCKOUT_THRESHOLD;
}

/** A successful sign-in or a new password (reset by code) starts the count again, as in the pool. */
export function forgetWrongPasswords(email: string): void {
  const failures = read();
  delete failures[keyOf(email)];
  write(failures);
}
