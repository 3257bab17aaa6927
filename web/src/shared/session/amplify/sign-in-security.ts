import {
  associateWebAuthnCredential,
  deleteWebAuthnCredential,
  fetchMFAPreference,
  listWebAuthnCredentials,
  setUpTOTP,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import type { Session } from '../session.ts';
import type {
  Passkey,
  SecondFactor,
  SecondFactorSettings,
  TotpSetup,
} from '../two-step/two-step-challenge.ts';
import type { FreshConfirmation } from './fresh-confirmation.ts';

/** How long a confirmation ("Confirm it's you") allows changes: Cognito's sign-in session validity and more. */
export const CONFIRMATION_VALIDITY_MS = 5 * 60_000;

/** A change was asked for without a fresh confirmation (the screens confirm first; this is the backstop). */
export class ConfirmationRequiredError extends Error {
  override readonly name = 'ConfirmationRequiredError';
  constructor() {
    super('Confirm your password or passkey first');
  }
}

const FACTORS: readonly SecondFactor[] = ['TOTP', 'EMAIL'];
const preferenceKey = (factor: SecondFactor) => (factor === 'TOTP' ? 'totp' : 'email');

/**
 * Profile settings' "Sign-in security" on Amplify v6's public API (setUpTOTP, verifyTOTPSetup,
 * updateMFAPreference, fetchMFAPreference, the WebAuthn credential calls). Every change needs a
 * confirmation of the last CONFIRMATION_VALIDITY_MS (docs/decisions/0026).
 */
export function createSignInSecurity(deps: {
  current: () => Promise<Session | null>;
  fresh: FreshConfirmation;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let confirmedUntil = 0;

  async function username(): Promise<string> {
    const session = await deps.current();
    if (!session?.email)
      throw Object.assign(new Error('Not signed in'), { name: 'UserUnAuthenticatedException' });
    return session.email;
  }

  function requireConfirmation(): void {
    if (now() >= confirmedUntil) throw new ConfirmationRequiredError();
  }

  return {
    isConfirmed: () => now() < confirmedUntil,

    async confirmWithPassword(password: string): Promise<void> {
      await deps.fresh.withPassword(await username(), password);
      confirmedUntil = now() + CONFIRMATION_VALIDITY_MS;
    },

    async confirmWithPasskey(): Promise<void> {
      await deps.fresh.withPasskey(await username());
      confirmedUntil = now() + CONFIRMATION_VALIDITY_MS;
    },

    /** Forgets the confirmation (the dialog closed). */
    forgetConfirmation(): void {
      confirmedUntil = 0;
    },

    async settings(): Promise<SecondFactorSettings> {
      const { enabled = [], preferred } = await fetchMFAPreference();
      const settings: SecondFactorSettings = {
        enabled: FACTORS.filter((factor) => enabled.includes(factor)),
      };
      if (preferred === 'TOTP' || preferred === 'EMAIL') settings.preferred = preferred;
      return settings;
    },

    async startTotpSetup(): Promise<TotpSetup> {
      requireConfirmation();
      const details = await setUpTOTP();
      return {
        secret: details.sharedSecret,
        uri: (issuer, account) => details.getSetupUri(issuer, account).toString(),
      };
    },

    /** Verifies the app's first code (VerifySoftwareToken), then turns the app on as a second factor. */
    async finishTotpSetup(code: string): Promise<void> {
      requireConfirmation();
      await verifyTOTPSetup({ code: code.trim() });
      await updateMFAPreference({ totp: 'ENABLED' });
    },

    async setFactor(factor: SecondFactor, on: boolean): Promise<void> {
      requireConfirmation();
      await updateMFAPreference({ [preferenceKey(factor)]: on ? 'ENABLED' : 'DISABLED' });
    },

    async setPreferred(factor: SecondFactor): Promise<void> {
      requireConfirmation();
      await updateMFAPreference({ [preferenceKey(factor)]: 'PREFERRED' });
    },

    async passkeys(): Promise<Passkey[]> {
      const passkeys: Passkey[] = [];
      let nextToken: string | undefined;
      do {
        const page = await listWebAuthnCredentials(nextToken ? { nextToken } : undefined);
        for (const credential of page.credentials) {
          if (!credential.credentialId) continue;
          const passkey: Passkey = {
            id: credential.credentialId,
            name: credential.friendlyCredentialName ?? '',
          };
          if (credential.createdAt) passkey.createdAt = credential.createdAt;
          passkeys.push(passkey);
        }
        nextToken = page.nextToken;
      } while (nextToken);
      return passkeys;
    },

    /** Registers a passkey of this device (StartWebAuthnRegistration, the ceremony, CompleteWebAuthnRegistration). */
    async addPasskey(): Promise<void> {
      requireConfirmation();
      await associateWebAuthnCredential();
    },

    async deletePasskey(id: string): Promise<void> {
      requireConfirmation();
      await deleteWebAuthnCredential({ credentialId: id });
    },
  };
}

export type SignInSecurity = ReturnType<typeof createSignInSecurity>;
