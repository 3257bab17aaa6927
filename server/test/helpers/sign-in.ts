import type { FastifyInstance } from 'fastify';

export interface SessionTokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

/** One Cognito JSON 1.1 operation of the embedded identity service, through inject. */
export function identityCall(app: FastifyInstance, operation: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/identity/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    payload: JSON.stringify(payload),
  });
}

/** Signs in through the identity service (USER_PASSWORD_AUTH), as a test shortcut for the SRP flow. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<SessionTokens> {
  const res = await identityCall(app, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: app.config.COGNITO_CLIENT_ID,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const result = res.json().AuthenticationResult;
  if (res.statusCode !== 200 || !result) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { accessToken: result.AccessToken, idToken: result.IdToken, refreshToken: result.RefreshToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
