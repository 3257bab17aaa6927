import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { invalidParameter } from '../errors.ts';

/**
 * The challenge a RegistrationResponseJSON or AuthenticationResponseJSON answers, read from its
 * clientDataJSON (to find the pending ceremony; the library checks it again). Anything unreadable is
 * InvalidParameterException, before any state is used up.
 */
export function challengeOfCredential(credential: unknown, member: string): string {
  const clientDataJSON =
    typeof credential === 'object' && credential !== null && 'response' in credential
      ? (credential.response as { clientDataJSON?: unknown } | null)?.clientDataJSON
      : undefined;
  if (typeof clientDataJSON !== 'string')
    throw invalidParameter(`Invalid ${member}: clientDataJSON is missing`);
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    if (typeof challenge === 'string' && challenge !== '') return challenge;
  } catch {
    // Falls through to the parameter error.
  }
  throw invalidParameter(`Invalid ${member}: clientDataJSON is not readable`);
}

/** The credential id of a response, which the library requires to equal its rawId. */
export function idOfCredential(credential: unknown, member: string): string {
  const id =
    typeof credential === 'object' && credential !== null ? (credential as { id?: unknown }).id : undefined;
  if (typeof id !== 'string' || id === '' || id.length > 1400)
    throw invalidParameter(`Invalid ${member}: id is missing`);
  return id;
}

/** CREDENTIAL of a WEB_AUTHN challenge response: a JSON string (Amplify sends JSON.stringify of it). */
export function parseCredentialParameter(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw invalidParameter('Invalid CREDENTIAL: not JSON');
  }
}
