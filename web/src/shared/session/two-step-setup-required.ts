/**
 * The signed-in user's company requires two-step sign-in and the user has none yet (GET /v1/me says
 * `mfa.required && !mfa.enabled`, every other call answers 403 MFA_REQUIRED): the guard sends them to the
 * setup page instead of loading the account (issue 25 item 7).
 */
export class TwoStepSetupRequiredError extends Error {
  override readonly name = 'TwoStepSetupRequiredError';
  constructor() {
    super('Your company requires two-step sign-in.');
  }
}
