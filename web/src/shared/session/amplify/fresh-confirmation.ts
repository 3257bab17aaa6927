import type { RuntimeConfig } from '@portal/contracts/runtime-config';

/**
 * "Confirm it's you" before the sign-in security settings change (issue 25 item 5; docs/decisions/0026):
 * a sign-in of its own against the same pool, by password (USER_PASSWORD_AUTH) or passkey (USER_AUTH with
 * WEB_AUTHN), sent on Cognito's wire protocol without Amplify, so Amplify's signed-in session is neither
 * refused ('There is already a signed in user.') nor replaced. Whatever it earns is thrown away: the tokens'
 * refresh token is revoked at once, and a second-factor challenge (the password was right) is left to expire.
 * Errors carry Cognito's `__type` as their name, like Amplify's AuthError, so the screens classify both alike.
 */
export interface FreshConfirmation {
  withPassword(username: string, password: string): Promise<void>;
  withPasskey(username: string): Promise<void>;
}

interface InitiateAuthResponse {
  ChallengeName?: string;
  ChallengeParameters?: Record<string, string>;
  Session?: string;
  AuthenticationResult?: { RefreshToken?: string };
}

/** The pool's endpoint as Amplify would use it: the configured one (embedded pool), else Amazon's. */
export function cognitoEndpoint(identity: RuntimeConfig['identity'], origin: string): string {
  return identity.userPoolEndpoint
    ? new URL(identity.userPoolEndpoint, origin).toString()
    : `https://cognito-idp.${identity.region}.amazonaws.com/`;
}

function namedError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

export function createFreshConfirmation(deps: {
  endpoint: string;
  clientId: string;
  /** The passkey ceremony (navigator.credentials.get), replaceable in tests. */
  getPasskey?: (requestOptionsJson: string) => Promise<unknown>;
  fetch?: typeof fetch;
}): FreshConfirmation {
  const send = deps.fetch ?? ((input, init) => fetch(input, init));

  async function call<T>(operation: string, body: Record<string, unknown>): Promise<T> {
    let response: Response;
    try {
      response = await send(deps.endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify(body),
        cache: 'no-store',
      });
    } catch {
      throw namedError('NetworkError', 'A network error has occurred.');
    }
    const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const type = typeof payload.__type === 'string' ? payload.__type : 'Unknown';
      const message = payload.message ?? payload.Message;
      throw namedError(type.split('#').pop() ?? type, typeof message === 'string' ? message : type);
    }
    return payload as T;
  }

  /** Tokens earned by the confirmation are not kept: revoking them ends that second session at once. */
  async function discard(result: InitiateAuthResponse): Promise<void> {
    const token = result.AuthenticationResult?.RefreshToken;
    if (!token) return;
    await call('RevokeToken', { ClientId: deps.clientId, Token: token }).catch(() => undefined);
  }

  const getPasskey =
    deps.getPasskey ??
    (async (requestOptionsJson: string) => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      return startAuthentication({ optionsJSON: JSON.parse(requestOptionsJson) });
    });

  return {
    async withPassword(username, password) {
      const result = await call<InitiateAuthResponse>('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: deps.clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      });
      // An MFA challenge comes only after a right password; a new-password challenge cannot happen to a
      // signed-in user. Either way the password is proven.
      await discard(result);
    },

    async withPasskey(username) {
      const start = await call<InitiateAuthResponse>('InitiateAuth', {
        AuthFlow: 'USER_AUTH',
        ClientId: deps.clientId,
        AuthParameters: { USERNAME: username, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
      });
      const options = start.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS;
      if (start.ChallengeName !== 'WEB_AUTHN' || !options) {
        throw namedError('PasskeyRetrievalFailed', 'No passkey challenge was offered.');
      }
      let credential: unknown;
      try {
        credential = await getPasskey(options);
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        throw name === 'NotAllowedError' || name === 'AbortError'
          ? namedError('PasskeyAuthenticationCanceled', 'Passkey authentication ceremony has been canceled.')
          : namedError('PasskeyRetrievalFailed', 'Device failed to retrieve passkey.');
      }
      const result = await call<InitiateAuthResponse>('RespondToAuthChallenge', {
        ChallengeName: 'WEB_AUTHN',
        ClientId: deps.clientId,
        Session: start.Session,
        ChallengeResponses: { USERNAME: username, CREDENTIAL: JSON.stringify(credential) },
      });
      await discard(result);
    },
  };
}
