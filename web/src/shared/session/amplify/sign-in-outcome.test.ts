import type { SignInOutput } from 'aws-amplify/auth';
import { describe, expect, it } from 'vitest';
import { classifyAuthError } from '../../../features/auth/errors/auth-failure.ts';
import { signInOutcome, UnsupportedSignInStepError } from './sign-in-outcome.ts';

const output = (signInStep: string, isSignedIn = false) =>
  ({ isSignedIn, nextStep: { signInStep } }) as unknown as SignInOutput;

describe('signInOutcome', () => {
  it('signs in on DONE and asks for a new password on the new-password step', () => {
    expect(signInOutcome(output('DONE', true))).toBe('signedIn');
    expect(signInOutcome(output('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'))).toBe('newPasswordRequired');
  });

  it("turns the reset-password step (the server's PasswordResetRequiredException) into 'Password expired'", () => {
    let thrown: unknown;
    try {
      signInOutcome(output('RESET_PASSWORD'));
    } catch (error) {
      thrown = error;
    }
    expect(classifyAuthError(thrown)).toBe('passwordExpired');
  });

  it('refuses the steps this portal does not offer', () => {
    expect(() => signInOutcome(output('CONFIRM_SIGN_IN_WITH_TOTP_CODE'))).toThrow(UnsupportedSignInStepError);
  });
});
