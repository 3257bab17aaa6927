import { afterEach, describe, expect, it } from 'vitest';
import { PasswordResetRequiredError } from '@/shared/session/amplify/sign-in-outcome.ts';
import { signInFailure } from './sign-in-failure.ts';

const amplifyError = (name: string, message: string) => Object.assign(new Error(message), { name });
const wrongPassword = () => amplifyError('NotAuthorizedException', 'Incorrect username or password.');

afterEach(() => sessionStorage.clear());

describe("the pre-rendered form's sign-in failures", () => {
  it.each([
    [wrongPassword(), 'badCredentials', ['auth.errors.badCredentials']],
    [
      amplifyError('UserNotFoundException', 'User does not exist.'),
      'accountNotFound',
      ['auth.errors.accountNotFound'],
    ],
    [
      amplifyError('NotAuthorizedException', 'Password attempts exceeded'),
      'lockedOut',
      ['auth.errors.passwordAttemptsExceeded'],
    ],
    [new PasswordResetRequiredError(), 'passwordExpired', ['auth.errors.passwordExpired']],
    [
      amplifyError('NotAuthorizedException', 'User is disabled.'),
      'badCredentials',
      ['auth.errors.badCredentials'],
    ],
    [amplifyError('NetworkError', 'A network error has occurred.'), 'network', ['auth.errors.networkFailed']],
    [
      amplifyError('TooManyRequestsException', 'Too many requests'),
      'tooManyRequests',
      ['auth.errors.attemptLimitExceeded', 'auth.errors.tryLater'],
    ],
    [new TypeError('boom'), 'unknown', ['auth.errors.somethingWentWrong']],
  ])("%s is %s, with the login page's lines", (error, failure, messageKeys) => {
    expect(signInFailure(error, 'owner@example.test')).toMatchObject({
      failure,
      messageKeys,
      handOver: false,
    });
  });

  it("opens the lockout advice for 'Password attempts exceeded'", () => {
    const result = signInFailure(
      amplifyError('NotAuthorizedException', 'Password attempts exceeded'),
      'a@b.test',
    );
    expect(result.lockout).toBe(true);
  });

  it('counts wrong passwords as the app does: the sixth for an e-mail is the lockout', () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(signInFailure(wrongPassword(), 'Owner@Example.test ')).toMatchObject({
        failure: 'badCredentials',
        lockout: false,
      });
    }
    expect(signInFailure(wrongPassword(), 'owner@example.test')).toMatchObject({
      failure: 'lockedOut',
      messageKeys: ['auth.errors.passwordAttemptsExceeded'],
      lockout: true,
    });
    expect(signInFailure(wrongPassword(), 'someone-else@example.test').failure).toBe('badCredentials');
  });

  it("hands an expired temporary password over to the app's login page, which offers 'Resend password'", () => {
    const expired = amplifyError(
      'NotAuthorizedException',
      'Temporary password has expired and must be reset by an administrator.',
    );
    expect(signInFailure(expired, 'a@b.test')).toMatchObject({
      failure: 'temporaryPasswordExpired',
      handOver: true,
    });
  });
});
