import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/lib/api-error.ts';
import { PasswordResetRequiredError } from '@/shared/session/amplify/sign-in-outcome.ts';
import { classifyAuthError, classifySendError, FAILURE_MESSAGE_KEYS } from './auth-failure.ts';

const amplifyError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('classifyAuthError', () => {
  it("says 'Password expired' for the sign-in's reset-password step (PasswordResetRequiredException)", () => {
    expect(classifyAuthError(new PasswordResetRequiredError())).toBe('passwordExpired');
  });

  it.each([
    [amplifyError('UserNotFoundException', 'User does not exist.'), 'accountNotFound'],
    [amplifyError('NotAuthorizedException', 'Incorrect username or password.'), 'badCredentials'],
    [amplifyError('NotAuthorizedException', 'Password attempts exceeded'), 'lockedOut'],
    [
      amplifyError(
        'NotAuthorizedException',
        'Temporary password has expired and must be reset by an administrator.',
      ),
      'temporaryPasswordExpired',
    ],
    [
      amplifyError('UserAlreadyAuthenticatedException', 'There is already a signed in user.'),
      'alreadySignedIn',
    ],
    [amplifyError('NetworkError', 'A network error has occurred.'), 'network'],
    [
      amplifyError('CodeMismatchException', 'Invalid verification code provided, please try again.'),
      'incorrectCode',
    ],
    [
      amplifyError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
      'expiredCode',
    ],
    [
      amplifyError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
      'limitExceeded',
    ],
    [amplifyError('TooManyRequestsException', 'Too many requests'), 'tooManyRequests'],
    [amplifyError('InvalidPasswordException', 'Password did not conform with policy: x'), 'invalidPassword'],
    [
      amplifyError('PasswordResetRequiredException', 'Password reset required for the user'),
      'passwordExpired',
    ],
    [amplifyError('Unknown', 'An unknown error has occurred.'), 'unknown'],
    ['plain string', 'unknown'],
  ] as const)('%o → %s', (error, failure) => {
    expect(classifyAuthError(error)).toBe(failure);
  });

  it('reads the API client errors of the resend-password call', () => {
    const limited = new ApiError({ type: 'api', message: 'x', status: 429, extraType: 'RATE_LIMITED' });
    expect(classifyAuthError(limited)).toBe('tooManyRequests');
    const offline = new ApiError({ type: 'unexpected', message: 'Failed to connect to server' });
    expect(classifyAuthError(offline)).toBe('network');
  });

  it('reads an unknown account from the resend-password call', () => {
    const missing = new ApiError({ type: 'api', message: 'x', status: 404, extraType: 'NOT_FOUND' });
    expect(classifyAuthError(missing)).toBe('accountNotFound');
  });

  it("makes any other failed send 'Failed to send.' and keeps the specific ones", () => {
    const broken = new ApiError({ type: 'api', message: 'Something went wrong!', status: 500 });
    expect(classifySendError(broken)).toBe('sendFailed');
    expect(FAILURE_MESSAGE_KEYS.sendFailed).toEqual(['auth.errors.sendFailed']);
    const limited = new ApiError({ type: 'api', message: 'x', status: 429, extraType: 'RATE_LIMITED' });
    expect(classifySendError(limited)).toBe('tooManyRequests');
  });

  it('gives the expired code and the attempt limit their two-part messages', () => {
    expect(FAILURE_MESSAGE_KEYS.expiredCode).toEqual([
      'auth.errors.codeExpired',
      'auth.errors.codeExpiredHint',
    ]);
    expect(FAILURE_MESSAGE_KEYS.limitExceeded).toEqual([
      'auth.errors.attemptLimitExceeded',
      'auth.errors.tryLater',
    ]);
  });
});
