import { companyInfoSchema, meSchema } from '@portal/contracts/reseller';
import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  resetPassword,
  type SignInOutput,
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
import type { TwoStepChallenge } from '../two-step/two-step-challenge.ts';
import type { TwoStepStore } from '../two-step/two-step-store.ts';
import { TwoStepSetupRequiredError } from '../two-step-setup-required.ts';
import { accountFromPayloads } from './account-from-payloads.ts';
import type { FreshConfirmation } from './fresh-confirmation.ts';
import { lazySignInSecurity } from './lazy-sign-in-security.ts';
import type { ChallengeStore } from './new-password-challenge.ts';
import { type SignInOutcome, signInOutcome, twoStepChallenge } from './sign-in-outcome.ts';
import type { SignInSecurity } from './sign-in-security.ts';

/** "Send a new code" of an e-mailed sign-in code needs the password again, and this sign-in has none. */
export class NoSignInToRepeatError extends Error {
  override readonly name = 'NoSignInToRepeatError';
  constructor() {
    super('The sign-in cannot be repeated without the password');
  }
}

export interface AmplifySessionDeps {
  reseller: ApiClient;
  obm: ApiClient;
  challenge: ChallengeStore;
  /** The pending second step of a sign-in (issue 25). */
  twoStep: TwoStepStore;
  identity: RuntimeConfig['identity'];
  origin: string;
  /** Replaceable in tests; by default Cognito's wire protocol at the pool's endpoint. */
  freshConfirmation?: FreshConfirmation;
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

  /**
   * The e-mail and password of the sign-in in progress, in memory only, for "Send a new code" (Cognito mails a
   * new EMAIL_OTP code only for a new sign-in); forgotten when the sign-in ends either way.
   */
  let repeatable: { username: string; password: string } | null = null;

  let security: Promise<SignInSecurity> | undefined;
  function loadSecurity(): Promise<SignInSecurity> {
    security ??= Promise.all([import('./sign-in-security.ts'), import('./fresh-confirmation.ts')]).then(
      ([{ createSignInSecurity }, { cognitoEndpoint, createFreshConfirmation }]) =>
        createSignInSecurity({
          current,
          fresh:
            deps.freshConfirmation ??
            createFreshConfirmation({
              endpoint: cognitoEndpoint(deps.identity, deps.origin),
              clientId: deps.identity.userPoolClientId,
            }),
        }),
      (error: unknown) => {
        security = undefined; // a failed chunk load (network) is retried on the next call
        throw error;
      },
    );
    return security;
  }

  async function finish(output: SignInOutput, username: string): Promise<SignInOutcome> {
    const outcome = signInOutcome(output);
    if (outcome === 'newPasswordRequired') {
      deps.twoStep.clear();
      deps.challenge.start(username);
      return outcome;
    }
    if (outcome === 'twoStep') {
      deps.challenge.clear();
      deps.twoStep.start(username, twoStepChallenge(output) as TwoStepChallenge);
      return outcome;
    }
    repeatable = null;
    deps.challenge.clear();
    deps.twoStep.clear();
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

    hasPendingTwoStep: () => deps.twoStep.pending() !== null,

    /** SRP sign-in (Amplify's default flow). */
    async signIn(email: string, password: string): Promise<SignInOutcome> {
      deps.challenge.clear();
      deps.twoStep.clear();
      const username = email.trim();
      repeatable = { username, password };
      try {
        return await finish(await signIn({ username, password }), username);
      } catch (error) {
        repeatable = null;
        throw error;
      }
    },

    /**
     * Passkey sign-in: USER_AUTH with WEB_AUTHN preferred; Amplify runs the ceremony
     * (navigator.credentials.get) and answers the WEB_AUTHN challenge itself.
     */
    async signInWithPasskey(email: string): Promise<SignInOutcome> {
      deps.challenge.clear();
      deps.twoStep.clear();
      repeatable = null;
      const username = email.trim();
      const output = await signIn({
        username,
        options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
      });
      return finish(output, username);
    },

    /**
     * Hand-over from a sign-in started outside the app (the pre-rendered /login signs in with Amplify by
     * itself, features/auth/README.md): the app takes its step over and continues it with confirmSignIn.
     * The password, if given, only serves "Send a new code".
     */
    async continueSignIn(output: SignInOutput, email: string, password?: string): Promise<SignInOutcome> {
      const username = email.trim();
      repeatable = password ? { username, password } : null;
      return finish(output, username);
    },

    /** The pending second step (a code, a choice, a set-up), or null. */
    pendingTwoStep: (): TwoStepChallenge | null => deps.twoStep.pending()?.challenge ?? null,

    /** Answers the pending second step: a code, 'TOTP' / 'EMAIL' for a choice, an address for e-mail set-up. */
    async confirmTwoStep(answer: string): Promise<SignInOutcome> {
      const username = deps.twoStep.pending()?.username ?? '';
      return finish(await confirmSignIn({ challengeResponse: answer.trim() }), username);
    },

    /** "Send a new code": the same sign-in again, which mails a new code (throws NoSignInToRepeatError). */
    async repeatSignIn(): Promise<SignInOutcome> {
      if (!repeatable) throw new NoSignInToRepeatError();
      const { username, password } = repeatable;
      return finish(await signIn({ username, password }), username);
    },

    /** The sign-in's e-mail, for the set-up screens (QR code label, e-mail set-up). */
    pendingSignInEmail: (): string => deps.twoStep.pending()?.username ?? '',

    /** Answers the pending NEW_PASSWORD_REQUIRED challenge. */
    async confirmNewPassword(newPassword: string): Promise<SignInOutcome> {
      const username = deps.challenge.pending() ?? '';
      return finish(await confirmSignIn({ challengeResponse: newPassword }), username);
    },

    /** Profile settings' "Sign-in security" (issue 25 item 5), loaded on first use. */
    security: lazySignInSecurity(loadSecurity),

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
        repeatable = null;
        deps.twoStep.clear();
        deps.challenge.clear();
        deps.onSessionChange();
      }
    },
  } satisfies SessionPort & Record<string, unknown>;
}

export type AmplifySession = ReturnType<typeof createAmplifySession>;
