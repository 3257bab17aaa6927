import type { SignInOutput } from 'aws-amplify/auth';
import type { SecondFactor, TwoStepChallenge } from '../two-step/two-step-challenge.ts';

/**
 * What the sign-in screens do next: go in, ask for a new password (SPEC §4 Sign-in), or take the second
 * step (issue 25: a code, the choice of a method, or the set-up of one).
 */
export type SignInOutcome = 'signedIn' | 'newPasswordRequired' | 'twoStep';

/** Steps this portal does not offer (SMS, custom challenges, sign-up confirmation). */
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
  if (twoStepChallenge(output)) return 'twoStep';
  throw new UnsupportedSignInStepError(step);
}

/** The factors this portal offers, in Amplify's order; SMS (never configured) is left out. */
function secondFactors(types: readonly string[] | undefined): SecondFactor[] {
  const offered = (types ?? ['TOTP', 'EMAIL']).filter((type): type is SecondFactor => type !== 'SMS');
  return offered.length > 0 ? offered : ['TOTP', 'EMAIL'];
}

/** The second step Amplify's nextStep asks for, or null when it is not one. */
export function twoStepChallenge(output: SignInOutput): TwoStepChallenge | null {
  const next = output.nextStep;
  switch (next.signInStep) {
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { kind: 'totpCode' };
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return next.codeDeliveryDetails?.destination
        ? { kind: 'emailCode', destination: next.codeDeliveryDetails.destination }
        : { kind: 'emailCode' };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return { kind: 'chooseMethod', methods: secondFactors(next.allowedMFATypes) };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      return { kind: 'chooseSetup', methods: secondFactors(next.allowedMFATypes) };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const details = next.totpSetupDetails;
      return {
        kind: 'totpSetup',
        setup: {
          secret: details.sharedSecret,
          uri: (issuer, account) => details.getSetupUri(issuer, account).toString(),
        },
      };
    }
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
      return { kind: 'emailSetup' };
    default:
      return null;
  }
}
