import type { SignInOutput } from 'aws-amplify/auth';

/** What the sign-in screens do next: go in, or ask for a new password (SPEC §4 Sign-in). */
export type SignInOutcome = 'signedIn' | 'newPasswordRequired';

/** Sign-in succeeds only on DONE; every other step is one this portal does not offer (MFA is off). */
export class UnsupportedSignInStepError extends Error {
  override readonly name = 'UnsupportedSignInStepError';
  constructor(readonly step: string) {
    super(`Unsupported sign-in step ${step}`);
  }
}

/**
 * Amplify answers Cognito's PasswordResetRequiredException (an administrator reset the password) with the
 * RESET_PASSWORD step instead of throwing (COGNITO.md §3); it becomes that error again here, so the sign-in
 * form can say 'Password expired' (SPEC §8).
 */
export class PasswordResetRequiredError extends Error {
  override readonly name = 'PasswordResetRequiredException';
  constructor() {
    super('Password reset required for the user');
  }
}

export function signInOutcome(output: SignInOutput): SignInOutcome {
  const step = output.nextStep.signInStep;
  if (step === 'DONE' && output.isSignedIn) return 'signedIn';
  if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return 'newPasswordRequired';
  if (step === 'RESET_PASSWORD') throw new PasswordResetRequiredError();
  throw new UnsupportedSignInStepError(step);
}
