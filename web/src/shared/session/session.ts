import type { AccountState } from './account-state.ts';

/** What the shell knows about a signed-in user before company info is loaded. */
export interface Session {
  email: string;
}

/**
 * The boundary between the shell and identity. The router's guard talks only to this interface;
 * `amplify/amplify-session.ts` implements it with Amplify Auth and the reseller API
 * (`GET /v1/me`, `GET /v1/companies/info`).
 */
export interface SessionPort {
  /** The current session, or null when nobody is signed in. Must not throw for "not signed in". */
  current(): Promise<Session | null>;
  /** Loads user, company and permission data for the signed-in user. */
  loadAccount(): Promise<AccountState>;
  /** Whether a sign-in is waiting for a new password (CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED). */
  hasPendingNewPasswordChallenge(): boolean;
  /** Whether a sign-in is waiting for its second step (a code, a choice or a set-up; issue 25). */
  hasPendingTwoStep(): boolean;
  signOut(): Promise<void>;
}
