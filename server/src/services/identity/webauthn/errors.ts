import { CognitoError } from '../errors.ts';

/**
 * Cognito's WebAuthn exceptions (API model). Their messages are not documented; these are our wording,
 * in Cognito's plain style.
 */
export const webAuthnErrors = {
  challengeNotFound: () =>
    new CognitoError(
      'WebAuthnChallengeNotFoundException',
      'The passkey registration challenge was not found or has expired.',
    ),
  clientMismatch: () =>
    new CognitoError(
      'WebAuthnClientMismatchException',
      'The passkey registration was started by another app client.',
    ),
  originNotAllowed: () =>
    new CognitoError(
      'WebAuthnOriginNotAllowedException',
      'The passkey origin is not allowed for this user pool.',
    ),
  relyingPartyMismatch: () =>
    new CognitoError(
      'WebAuthnRelyingPartyMismatchException',
      'The passkey belongs to another relying party.',
    ),
  notSupported: (reason: string) => new CognitoError('WebAuthnCredentialNotSupportedException', reason),
};
