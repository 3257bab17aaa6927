import type { AmplifySession, AmplifySessionDeps } from './amplify-session.ts';
import { lazySignInSecurity } from './lazy-sign-in-security.ts';

/** Amplify's storage prefix (`AUTH_KEY_PREFIX` in @aws-amplify/auth's token store). */
const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider';

/**
 * Whether Amplify may hold a session for this pool client: its token store (localStorage) keeps every key
 * under `CognitoIdentityServiceProvider.<clientId>.` (`…LastAuthUser`, `…<user>.accessToken`, …). With no
 * such key Amplify's `fetchAuthSession` has no tokens, so it need not be loaded to answer "signed out".
 * Unreadable storage answers yes, so Amplify decides.
 */
export function mayHaveStoredSession(clientId: string, storage: () => Storage | undefined): boolean {
  try {
    const store = storage();
    if (!store) return true;
    const prefix = `${AMPLIFY_KEY_PREFIX}.${clientId}.`;
    for (let i = 0; i < store.length; i += 1) {
      if (store.key(i)?.startsWith(prefix)) return true;
    }
    return false;
  } catch {
    return true;
  }
}

export interface LazyAmplifySessionDeps extends AmplifySessionDeps {
  storage?: () => Storage | undefined;
  /** Loads `amplify-session.ts` and Amplify (a separate chunk); replaceable in tests. */
  load?: () => Promise<typeof import('./amplify-session.ts') & typeof import('./amplify-runtime.ts')>;
}

export type IdentitySession = AmplifySession & {
  /** Starts loading Amplify (e.g. when the user starts typing on /login), so the submit does not wait. */
  preload?: () => void;
};

const defaultStorage = () => window.localStorage;
const defaultLoad = async () => {
  const [session, runtime] = await Promise.all([
    import('./amplify-session.ts'),
    import('./amplify-runtime.ts'),
  ]);
  return { ...session, ...runtime };
};

/**
 * The identity session with Amplify (~40 kB gzip) loaded on first need instead of in the entry chunk:
 * on a sign-in operation, on `preload()`, or when the guard asks for the session and Amplify's storage
 * holds keys of this pool client. Signed-out visitors of /login never load it until they use the form.
 */
export function createLazyAmplifySession(deps: LazyAmplifySessionDeps): IdentitySession {
  const storage = deps.storage ?? defaultStorage;
  let loaded: Promise<AmplifySession> | undefined;

  function load(): Promise<AmplifySession> {
    loaded ??= (deps.load ?? defaultLoad)().then(
      ({ configureAmplify, createAmplifySession }) => {
        configureAmplify(deps.identity, deps.origin);
        return createAmplifySession(deps);
      },
      (error: unknown) => {
        loaded = undefined; // a failed chunk load (network) is retried on the next call
        throw error;
      },
    );
    return loaded;
  }

  const signedOut = () => !loaded && !mayHaveStoredSession(deps.identity.userPoolClientId, storage);

  return {
    preload: () => void load().catch(() => undefined),
    current: async () => (signedOut() ? null : (await load()).current()),
    accessToken: async (options) => (signedOut() ? null : (await load()).accessToken(options)),
    loadAccount: async () => (await load()).loadAccount(),
    hasPendingNewPasswordChallenge: () => deps.challenge.pending() !== null,
    hasPendingTwoStep: () => deps.twoStep.pending() !== null,
    pendingTwoStep: () => deps.twoStep.pending()?.challenge ?? null,
    pendingSignInEmail: () => deps.twoStep.pending()?.username ?? '',
    signIn: async (email, password) => (await load()).signIn(email, password),
    signInWithPasskey: async (email) => (await load()).signInWithPasskey(email),
    continueSignIn: async (output, email, password) => (await load()).continueSignIn(output, email, password),
    confirmTwoStep: async (answer) => (await load()).confirmTwoStep(answer),
    repeatSignIn: async () => (await load()).repeatSignIn(),
    security: lazySignInSecurity(async () => (await load()).security),
    confirmNewPassword: async (newPassword) => (await load()).confirmNewPassword(newPassword),
    requestPasswordReset: async (email) => (await load()).requestPasswordReset(email),
    confirmPasswordReset: async (email, code, newPassword) =>
      (await load()).confirmPasswordReset(email, code, newPassword),
    resendTemporaryPassword: async (email) => (await load()).resendTemporaryPassword(email),
    changePassword: async (oldPassword, newPassword) =>
      (await load()).changePassword(oldPassword, newPassword),
    setUpAuthenticator: async (accountName, issuer) => (await load()).setUpAuthenticator(accountName, issuer),
    confirmAuthenticator: async (code) => (await load()).confirmAuthenticator(code),
    signOut: async () => (await load()).signOut(),
  };
}
