import type { SignInOutput } from 'aws-amplify/auth';
import { describe, expect, it } from 'vitest';
import {
  PasswordResetRequiredError,
  signInOutcome,
  twoStepChallenge,
  UnsupportedSignInStepError,
} from './sign-in-outcome.ts';

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
    expect(() => signInOutcome(output('CONFIRM_SIGN_IN_WITH_SMS_CODE'))).toThrow(UnsupportedSignInStepError);
    expect(() => signInOutcome(output('CONFIRM_SIGN_IN_WITH_PASSWORD'))).toThrow(UnsupportedSignInStepError);
  });
});

describe('twoStepChallenge (Amplify nextStep → the second step)', () => {
  const step = (nextStep: Record<string, unknown>) =>
    ({ isSignedIn: false, nextStep }) as unknown as SignInOutput;

  it('maps the code steps, with the masked address of a mailed code', () => {
    expect(signInOutcome(output('CONFIRM_SIGN_IN_WITH_TOTP_CODE'))).toBe('twoStep');
    expect(twoStepChallenge(output('CONFIRM_SIGN_IN_WITH_TOTP_CODE'))).toEqual({ kind: 'totpCode' });
    expect(
      twoStepChallenge(
        step({
          signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
          codeDeliveryDetails: { destination: 'o***@n.example' },
        }),
      ),
    ).toEqual({ kind: 'emailCode', destination: 'o***@n.example' });
  });

  it('maps the choices without SMS, which this portal never offers', () => {
    expect(
      twoStepChallenge(
        step({
          signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
          allowedMFATypes: ['SMS', 'EMAIL', 'TOTP'],
        }),
      ),
    ).toEqual({ kind: 'chooseMethod', methods: ['EMAIL', 'TOTP'] });
    expect(twoStepChallenge(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION' }))).toEqual({
      kind: 'chooseSetup',
      methods: ['TOTP', 'EMAIL'],
    });
  });

  it('keeps the set-up secret and builds its otpauth URI with Amplify', () => {
    const challenge = twoStepChallenge(
      step({
        signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
        totpSetupDetails: {
          sharedSecret: 'JBSWY3DPEHPK3PXP',
          getSetupUri: (app: string, account: string) =>
            new URL(`otpauth://totp/${app}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`),
        },
      }),
    );
    expect(challenge?.kind).toBe('totpSetup');
    if (challenge?.kind !== 'totpSetup') return;
    expect(challenge.setup.secret).toBe('JBSWY3DPEHPK3PXP');
    expect(challenge.setup.uri('Lumora', 'o@n.example')).toContain('secret=JBSWY3DPEHPK3PXP');
    expect(twoStepChallenge(output('CONTINUE_SIGN_IN_WITH_EMAIL_SETUP'))).toEqual({ kind: 'emailSetup' });
  });
});
