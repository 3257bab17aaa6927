/**
 * What went wrong in an identity call, from Amplify's AuthError (named after Cognito's `__type`, COGNITO.md
 * §4) or the API client's ApiError. Cognito tells "wrong password" from "locked out" only by the message,
 * so NotAuthorizedException is split on its exact text.
 */
export type AuthFailure =
  | 'accountNotFound'
  | 'badCredentials'
  | 'lockedOut'
  | 'temporaryPasswordExpired'
  | 'temporaryPasswordPending'
  | 'sessionExpired'
  | 'passwordExpired'
  | 'alreadySignedIn'
  | 'network'
  | 'incorrectCode'
  | 'expiredCode'
  | 'limitExceeded'
  | 'tooManyRequests'
  | 'invalidPassword'
  | 'sendFailed'
  | 'changeFailed'
  | 'unknown';

const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';
const TEMPORARY_PASSWORD_EXPIRED = /temporary password has expired/i;
/** ForgotPassword for an account that has not yet replaced its temporary password. */
const CANNOT_RESET = 'User password cannot be reset in the current state.';
/** The caller's tokens or sign-in session, not its password: revoked, expired or unknown. */
const SESSION_ENDED = /access token|refresh token|invalid session/i;

function field(error: unknown, key: 'name' | 'message' | 'extraType'): string {
  if (typeof error !== 'object' || error === null || !(key in error)) return '';
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

export function classifyAuthError(error: unknown): AuthFailure {
  const name = field(error, 'name');
  const message = field(error, 'message');
  if (field(error, 'extraType') === 'TEMPORARY_PASSWORD_EXPIRED') return 'temporaryPasswordExpired';
  switch (name) {
    case 'UserNotFoundException':
      return 'accountNotFound';
    case 'NotAuthorizedException':
      if (message.startsWith(PASSWORD_ATTEMPTS_EXCEEDED)) return 'lockedOut';
      if (TEMPORARY_PASSWORD_EXPIRED.test(message)) return 'temporaryPasswordExpired';
      if (message === CANNOT_RESET) return 'temporaryPasswordPending';
      // A session ended elsewhere (signed out everywhere) is not a wrong password.
      if (SESSION_ENDED.test(message)) return 'sessionExpired';
      return 'badCredentials';
    case 'PasswordResetRequiredException':
      return 'passwordExpired';
    case 'UserAlreadyAuthenticatedException':
      return 'alreadySignedIn';
    case 'NetworkError':
      return 'network';
    case 'CodeMismatchException':
      return 'incorrectCode';
    case 'ExpiredCodeException':
      return 'expiredCode';
    case 'LimitExceededException':
      return 'limitExceeded';
    case 'TooManyRequestsException':
      return 'tooManyRequests';
    case 'InvalidPasswordException':
      return 'invalidPassword';
    case 'ApiError':
      if (field(error, 'extraType') === 'RATE_LIMITED') return 'tooManyRequests';
      if (message === 'Failed to connect to server') return 'network';
      if (field(error, 'extraType') === 'NOT_FOUND') return 'accountNotFound';
      return 'unknown';
    default:
      return 'unknown';
  }
}

/** A failed send (resend password, send code): SPEC §8 'Failed to send.' unless it has its own message. */
export function classifySendError(error: unknown): AuthFailure {
  const failure = classifyAuthError(error);
  return failure === 'unknown' ? 'sendFailed' : failure;
}

/** The message lines (translation keys) of a failure, SPEC §8 wording. */
export const FAILURE_MESSAGE_KEYS: Record<AuthFailure, readonly string[]> = {
  accountNotFound: ['auth.errors.accountNotFound'],
  badCredentials: ['auth.errors.badCredentials'],
  lockedOut: ['auth.errors.passwordAttemptsExceeded'],
  temporaryPasswordExpired: ['auth.errors.temporaryPasswordExpired'],
  temporaryPasswordPending: ['auth.errors.temporaryPasswordPending'],
  sessionExpired: ['auth.errors.sessionExpired'],
  passwordExpired: ['auth.errors.passwordExpired'],
  alreadySignedIn: ['auth.errors.alreadySignedIn'],
  network: ['auth.errors.networkFailed'],
  incorrectCode: ['auth.errors.incorrectCode'],
  expiredCode: ['auth.errors.codeExpired', 'auth.errors.codeExpiredHint'],
  limitExceeded: ['auth.errors.attemptLimitExceeded', 'auth.errors.tryLater'],
  tooManyRequests: ['auth.errors.attemptLimitExceeded', 'auth.errors.tryLater'],
  invalidPassword: ['auth.validation.invalidPassword'],
  sendFailed: ['auth.errors.sendFailed'],
  changeFailed: ['auth.errors.changeFailed'],
  unknown: ['auth.errors.somethingWentWrong'],
};
