import type { SignInSecurity } from './sign-in-security.ts';

/**
 * Sign-in security whose calls load its code first: Amplify's MFA and WebAuthn calls and the confirmation are
 * a chunk of their own, which no sign-in needs (the profile dialog opens long after it).
 */
export function lazySignInSecurity(load: () => Promise<SignInSecurity>): SignInSecurity {
  const security = load;
  let confirmed = false;
  return {
    isConfirmed: () => confirmed,
    confirmWithPassword: async (password) => {
      await (await security()).confirmWithPassword(password);
      confirmed = true;
    },
    confirmWithPasskey: async () => {
      await (await security()).confirmWithPasskey();
      confirmed = true;
    },
    forgetConfirmation: () => {
      confirmed = false;
      void security().then(
        (loaded) => loaded.forgetConfirmation(),
        () => undefined,
      );
    },
    settings: async () => (await security()).settings(),
    startTotpSetup: async () => (await security()).startTotpSetup(),
    finishTotpSetup: async (code) => (await security()).finishTotpSetup(code),
    setFactor: async (factor, on) => (await security()).setFactor(factor, on),
    setPreferred: async (factor) => (await security()).setPreferred(factor),
    passkeys: async () => (await security()).passkeys(),
    addPasskey: async () => (await security()).addPasskey(),
    deletePasskey: async (id) => (await security()).deletePasskey(id),
  };
}
