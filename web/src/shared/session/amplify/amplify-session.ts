import { companyInfoSchema, meSchema } from '@portal/contracts/reseller';
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { type ApiClient, isTwoStepRequired } from '@/shared/lib/api-client.ts';
import type { AccountState } from '../account-state.ts';
import type { Session, SessionPort } from '../session.ts';
import { TwoStepSetupRequiredError } from '../two-step-setup-required.ts';
import { accountFromPayloads } from './account-from-payloads.ts';
import type { ChallengeStore } from './new-password-challenge.ts';
import { type SignInOutcome, signInOutcome } from './sign-in-outcome.ts';

export interface AmplifySessionDeps {
  reseller: ApiClient;
  obm: ApiClient;
  challenge: ChallengeStore;
  /** The identity region, sent with each login record. */
  region: string;
  /** Called after every sign-in and sign-out, e.g. to drop cached tokens. */
  onSessionChange: () => void;
  now?: () => number;
}

/**
 * The identity session on Amplify v6 Auth (the pool configured by `Amplify.configure`) and the reseller
 * API. Implements the shell's SessionPort and the operations of the sign-in screens. Errors are Amplify's
 * `AuthError`s (named after Cognito's `__type`); `errors/auth-error-message.ts` turns them into text.
 */
export function createAmplifySession(deps: AmplifySessionDeps) {
  const now = deps.now ?? Date.now;

  async function current(): Promise<Session | null> {
    try {
      const { tokens } = await fetchAuthSession();
      if (!tokens) return null;
      const email = tokens.idToken?.payload.email;
      return { email: typeof email === 'string' ? email : '' };
    } catch {
      return null;
    }
  }

  /** The access token (Amplify refreshes it 5 s before expiry), or null when signed out. */
  async function accessToken(options: { forceRefresh: boolean }): Promise<string | null> {
    try {
      const { tokens } = await fetchAuthSession({ forceRefresh: options.forceRefresh });
      return tokens?.accessToken.toString() ?? null;
    } catch {
      return null;
    }
  }

  async function loadAccount(): Promise<AccountState> {
    const [me, company] = await Promise.all([
      deps.reseller<unknown>('/v1/me'),
      deps.reseller<unknown>('/v1/companies/info').catch((error: unknown) => {
        // The company's two-step policy holds this member back until they set up a second factor.
        throw isTwoStepRequired(error) ? new TwoStepSetupRequiredError() : error;
      }),
    ]);
    return accountFromPayloads(meSchema.parse(me).profile, companyInfoSchema.parse(company));
  }

  async function recordLogin(): Promise<void> {
    const session = await current();
    if (!session?.email) return;
    try {
      await deps.obm('/v1/stats/login_record', {
        method: 'POST',
        body: { email: session.email, region: deps.region, timestamp: now() },
      });
    } catch (error) {
      // The record is statistics only; signing in has succeeded either way.
      console.warn('The login record could not be saved', error);
    }
  }

  async function finish(outcome: SignInOutcome, username: string): Promise<SignInOutcome> {
    if (outcome === 'newPasswordRequired') {
      deps.challenge.start(username);
      return outcome;
    }
    deps.challenge.clear();
    deps.onSessionChange();
    // Statistics only: the signed-in screens do not wait for it (one round trip less before the first card).
    void recordLogin();
    return outcome;
  }

  return {
    current,
    loadAccount,
    accessToken,
    hasPendingNewPasswordChallenge: () => deps.challenge.pending() !== null,

    /** SRP sign-in (Amplify's default flow). */
    async signIn(email: string, password: string): Promise<SignInOutcome> {
      deps.challenge.clear();
      const username = email.trim();
      return finish(signInOutcome(await signIn({ username, password })), username);
    },

    /** Answers the pending NEW_PASSWORD_REQUIRED challenge. */
    async confirmNewPassword(newPassword: string): Promise<SignInOutcome> {
      const username = deps.challenge.pending() ?? '';
      return finish(signInOutcome(await confirmSignIn({ challengeResponse: newPassword })), username);
    },

    /** Mails a reset code (ForgotPassword). */
    async requestPasswordReset(email: string): Promise<void> {
      await resetPassword({ username: email.trim() });
    },

    async confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
      await confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword });
    },

    /** Mails a new temporary password to an account still on one (reseller POST /auth/password, no token). */
    async resendTemporaryPassword(email: string): Promise<void> {
      await deps.reseller('/auth/password', {
        method: 'POST',
        body: { email: email.trim() },
        anonymous: true,
      });
    },

    async changePassword(oldPassword: string, newPassword: string): Promise<void> {
      await updatePassword({ oldPassword, newPassword });
    },

    /**
     * Starts setting up an authenticator app for the signed-in user (AssociateSoftwareToken by access
     * token): the secret, and the otpauth:// URI an app reads.
     */
    async setUpAuthenticator(accountName: string, issuer: string): Promise<{ secret: string; uri: string }> {
      const details = await setUpTOTP();
      return { secret: details.sharedSecret, uri: details.getSetupUri(issuer, accountName).toString() };
    },

    /** Confirms the app with one of its codes (VerifySoftwareToken) and makes it the sign-in's second step. */
    async confirmAuthenticator(code: string): Promise<void> {
      await verifyTOTPSetup({ code: code.trim() });
      await updateMFAPreference({ totp: 'PREFERRED' });
    },

    /** Revokes the refresh token (Amplify does so when the token carries origin_jti) and forgets the session. */
    async signOut(): Promise<void> {
      try {
        await signOut();
      } finally {
        deps.challenge.clear();
        deps.onSessionChange();
      }
    },
  } satisfies SessionPort & Record<string, unknown>;
}

export type AmplifySession = ReturnType<typeof createAmplifySession>;
