import { type APIRequestContext, expect } from '@playwright/test';

export interface IdentityConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
}

/** The identity settings the app reads from /api/config. */
export async function identityConfig(request: APIRequestContext): Promise<IdentityConfig> {
  const response = await request.get('/api/config');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { identity: IdentityConfig }).identity;
}

/** One unauthenticated call of the identity service's public API (InitiateAuth, …), as Amplify makes it. */
export async function identityCall(
  request: APIRequestContext,
  operation: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const identity = await identityConfig(request);
  const response = await request.post(identity.userPoolEndpoint ?? '/api/identity', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    data: JSON.stringify({ ClientId: identity.userPoolClientId, ...body }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok()) throw new Error(`${operation} failed: ${String(json.message ?? response.status())}`);
  return json;
}

/**
 * A session token (the id token) for API calls made by a test itself, e.g. to prepare data. Uses the
 * pool's USER_PASSWORD_AUTH flow, so no browser is needed; journeys sign in through the form instead.
 */
export async function sessionTokenFor(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const signedIn = await identityCall(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  }).catch((error: Error) => {
    throw new Error(`Sign-in of ${email} failed: ${error.message}`);
  });
  const result = signedIn.AuthenticationResult as { IdToken: string } | undefined;
  if (!result) throw new Error(`Sign-in of ${email} answered a challenge: ${String(signedIn.ChallengeName)}`);
  return result.IdToken;
}
