import type { SignInOutput } from 'aws-amplify/auth';
import { describe, expect, it } from 'vitest';
import { PasswordResetRequiredError, signInOutcome, UnsupportedSignInStepError } from './sign-in-outcome.ts';

const output = (signInStep: string, isSignedIn = false) =>
  ({ isSignedIn, nextStep: { signInStep } }) as unknown as SignInOutput;

describe('signInOutcome', () => {
  it('signs in on DONE and asks for a new password on the new-password step', () => {
    expect(signInOutcome(output('DONE', true))).toBe('signedIn');
    expect(signInOutcome(output('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'))).toBe('newPasswordRequired');
  });

  it("turns the reset-password step back into the server's PasswordResetRequiredException", () => {
    expect(() => signInOutcome(output('RESET_PASSWORD'))).toThrow(PasswordResetRequiredError);
  });

  it('refuses the steps this portal does not offer', () => {
    expect(() => signInOutcome(output('CONFIRM_SIGN_IN_WITH_TOTP_CODE'))).toThrow(UnsupportedSignInStepError);
  });
});
