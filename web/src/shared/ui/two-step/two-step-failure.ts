/**
 * What went wrong in a second-step or passkey call, from Amplify's AuthError / PasskeyError names (Cognito's
 * `__type`, COGNITO.md §2.4) or the fresh confirmation's errors, which carry the same names. Shared by the
 * sign-in screens (features/auth) and Sign-in security (features/profile).
 */
export type TwoStepFailure =
  | 'incorrectAppCode'
  | 'incorrectMailedCode'
  | 'expiredAppCode'
  | 'expiredMailedCode'
  | 'sessionExpired'
  | 'signInAgainForCode'
  | 'lockedOut'
  | 'tooManyAttempts'
  | 'incorrectPassword'
  | 'passkeyCancelled'
  | 'passkeyFailed'
  | 'passkeyExists'
  | 'passkeyNotSupported'
  | 'noPasskey'
  | 'network'
  | 'unknown';

/** Which code the user typed: the app's (TOTP) or a mailed one; the advice differs. */
export type CodeSource = 'app' | 'mail';

const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';
const EXPIRED_SESSION = /session/i;

function field(error: unknown, key: 'name' | 'message'): string {
  if (typeof error !== 'object' || error === null || !(key in error)) return '';
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

export function classifyTwoStepError(error: unknown, source: CodeSource = 'app'): TwoStepFailure {
  const name = field(error, 'name');
  const message = field(error, 'message');
  switch (name) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException': // VerifySoftwareToken's wrong code
      return source === 'app' ? 'incorrectAppCode' : 'incorrectMailedCode';
    case 'ExpiredCodeException':
      return source === 'app' ? 'expiredAppCode' : 'expiredMailedCode';
    case 'NotAuthorizedException':
      if (message.startsWith(PASSWORD_ATTEMPTS_EXCEEDED)) return 'lockedOut';
      if (EXPIRED_SESSION.test(message)) return 'sessionExpired';
      return 'incorrectPassword';
    case 'SignInException':
      return 'sessionExpired';
    case 'NoSignInToRepeatError': // "Send a new code" after a hand-over without the password, or a reload
      return 'signInAgainForCode';
    case 'TooManyFailedAttemptsException':
      return 'lockedOut';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return 'tooManyAttempts';
    case 'NetworkError':
      return 'network';
    case 'PasskeyAuthenticationCanceled':
    case 'PasskeyRegistrationCanceled':
    case 'PasskeyOperationAborted':
    case 'NotAllowedError':
    case 'AbortError':
      return 'passkeyCancelled';
    case 'PasskeyAlreadyExists':
    case 'InvalidStateError':
      return 'passkeyExists';
    case 'PasskeyNotSupported':
    case 'WebAuthnNotSupportedException':
      return 'passkeyNotSupported';
    case 'PasskeyRetrievalFailed':
    case 'PasskeyRegistrationFailed':
    case 'RelyingPartyMismatch':
    case 'InvalidPasskeyAuthenticationOptions':
    case 'InvalidPasskeyRegistrationOptions':
    case 'WebAuthnChallengeNotFoundException':
    case 'WebAuthnClientMismatchException':
    case 'WebAuthnCredentialNotSupportedException':
    case 'WebAuthnOriginNotAllowedException':
    case 'WebAuthnRelyingPartyMismatchException':
      return 'passkeyFailed';
    case 'UnsupportedSignInStepError': // USER_AUTH offered no WEB_AUTHN: the account has no passkey
      return 'noPasskey';
    default:
      return 'unknown';
  }
}

/** The message lines (translation keys) of a failure, in SPEC §8's style. */
export const TWO_STEP_FAILURE_KEYS: Record<TwoStepFailure, readonly string[]> = {
  incorrectAppCode: ['components.twoStep.errors.incorrectAppCode'],
  incorrectMailedCode: ['components.twoStep.errors.incorrectMailedCode'],
  expiredAppCode: ['components.twoStep.errors.expiredAppCode'],
  expiredMailedCode: ['components.twoStep.errors.expiredMailedCode'],
  sessionExpired: ['components.twoStep.errors.sessionExpired'],
  signInAgainForCode: ['components.twoStep.errors.signInAgainForCode'],
  lockedOut: ['components.twoStep.errors.lockedOut'],
  tooManyAttempts: ['components.twoStep.errors.tooManyAttempts'],
  incorrectPassword: ['components.twoStep.errors.incorrectPassword'],
  passkeyCancelled: ['components.twoStep.errors.passkeyCancelled'],
  passkeyFailed: ['components.twoStep.errors.passkeyFailed'],
  passkeyExists: ['components.twoStep.errors.passkeyExists'],
  passkeyNotSupported: ['components.twoStep.errors.passkeyNotSupported'],
  noPasskey: ['components.twoStep.errors.noPasskey'],
  network: ['components.twoStep.errors.network'],
  unknown: ['components.twoStep.errors.unknown'],
};

export function twoStepFailureKeys(error: unknown, source: CodeSource = 'app'): readonly string[] {
  return TWO_STEP_FAILURE_KEYS[classifyTwoStepError(error, source)];
}
