/** A second factor of Cognito's MFA (SMS is not offered by this portal). */
export type SecondFactor = 'TOTP' | 'EMAIL';

/** An authenticator app's secret, as a QR code's URI and as text (setUpTOTP, or the MFA_SETUP challenge). */
export interface TotpSetup {
  secret: string;
  /** otpauth:// URI naming the issuer (the brand) and the account (the e-mail). */
  uri(issuer: string, account: string): string;
}

/**
 * The second step of a sign-in that Cognito asks for after the first factor, in the screens' words
 * (Amplify's nextStep names in brackets, COGNITO.md §2.3).
 */
export type TwoStepChallenge =
  /** CONFIRM_SIGN_IN_WITH_TOTP_CODE */
  | { kind: 'totpCode' }
  /** CONFIRM_SIGN_IN_WITH_EMAIL_CODE; `destination` is the masked address Cognito mailed. */
  | { kind: 'emailCode'; destination?: string }
  /** CONTINUE_SIGN_IN_WITH_MFA_SELECTION */
  | { kind: 'chooseMethod'; methods: SecondFactor[] }
  /** CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION */
  | { kind: 'chooseSetup'; methods: SecondFactor[] }
  /** CONTINUE_SIGN_IN_WITH_TOTP_SETUP; the secret lives in memory only. */
  | { kind: 'totpSetup'; setup: TotpSetup }
  /** CONTINUE_SIGN_IN_WITH_EMAIL_SETUP */
  | { kind: 'emailSetup' };

/** The preferences of fetchMFAPreference, in the profile's words. */
export interface SecondFactorSettings {
  enabled: SecondFactor[];
  preferred?: SecondFactor;
}

/** A registered passkey (listWebAuthnCredentials). */
export interface Passkey {
  id: string;
  name: string;
  createdAt?: Date;
  /** Cognito's list does not carry it; shown when a pool sends it. */
  lastUsedAt?: Date;
}
