/** Tokens for a demo account, through the running server's own endpoints, as the web app gets them. */

export interface IdentitySettings {
  userPoolId: string;
  clientId: string;
}

export async function identitySettings(url: string): Promise<IdentitySettings> {
  const res = await fetch(`${url}/api/config`);
  const config = (await res.json()) as { identity: { userPoolId: string; userPoolClientId: string } };
  return { userPoolId: config.identity.userPoolId, clientId: config.identity.userPoolClientId };
}

/** The request of one identity call (Cognito's JSON 1.1 protocol), for `${url}/api/identity/`. */
export function identityRequest(operation: string, body: object): RequestInit {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  };
}

/** The body of a USER_PASSWORD_AUTH InitiateAuth: one request, no SRP (bench/sign-in.ts measures that). */
export const passwordAuth = (clientId: string, email: string, password: string) => ({
  AuthFlow: 'USER_PASSWORD_AUTH',
  ClientId: clientId,
  AuthParameters: { USERNAME: email, PASSWORD: password },
});

/** One call to the identity endpoint. */
export async function identityCall<T>(url: string, operation: string, body: object): Promise<T> {
  const res = await fetch(`${url}/api/identity/`, identityRequest(operation, body));
  const text = await res.text();
  if (!res.ok) throw new Error(`${operation}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

export interface SessionTokens {
  idToken: string;
  accessToken: string;
}

/** USER_PASSWORD_AUTH: one request; the web app uses SRP (bench/sign-in.ts measures that). */
export async function signInWithPassword(
  url: string,
  email: string,
  password: string,
): Promise<SessionTokens> {
  const { clientId } = await identitySettings(url);
  const result = await identityCall<{ AuthenticationResult?: { IdToken: string; AccessToken: string } }>(
    url,
    'InitiateAuth',
    passwordAuth(clientId, email, password),
  );
  if (!result.AuthenticationResult) throw new Error(`sign-in of ${email} asked for a challenge`);
  return {
    idToken: result.AuthenticationResult.IdToken,
    accessToken: result.AuthenticationResult.AccessToken,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The caller's company id (GET /api/reseller/v1/companies/info) and a company token for it (vortextoken). */
export async function companyToken(
  url: string,
  sessionToken: string,
): Promise<{ companyId: string; token: string }> {
  const info = await fetch(`${url}/api/reseller/v1/companies/info`, { headers: bearer(sessionToken) });
  if (!info.ok) throw new Error(`companies/info: ${info.status} ${await info.text()}`);
  const { id: companyId } = (await info.json()) as { id: string };
  const res = await fetch(`${url}/api/reseller/auth/vortextoken`, {
    method: 'POST',
    headers: { ...bearer(sessionToken), 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ companyId }),
  });
  if (!res.ok) throw new Error(`vortextoken: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { companyId, token };
}
