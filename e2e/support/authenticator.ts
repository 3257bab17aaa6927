import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The current code of an authenticator app holding this base32 key (RFC 6238, 30 s, 6 digits). */
export const totpCode = (secret: string): string =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate();

/** The signed-in page's access token (Amplify keeps it in localStorage beside the id token). */
export async function accessTokenOf(page: Page): Promise<string> {
  const state = await page.context().storageState();
  const token = state.origins
    .flatMap((origin) => origin.localStorage)
    .find((item) => item.name.endsWith('.accessToken'))?.value;
  if (!token) throw new Error('The page has no signed-in session');
  return token;
}

/** One Cognito operation of the identity service, as an SDK would send it. */
async function identityCall(request: APIRequestContext, operation: string, body: object): Promise<unknown> {
  const response = await request.post('/api/identity/', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    data: JSON.stringify(body),
  });
  expect(response.ok(), `${operation}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Sets up an authenticator app for a signed-in user through the pool's API (as an app's own screen would). */
export async function enableAuthenticator(request: APIRequestContext, accessToken: string): Promise<void> {
  const { SecretCode } = (await identityCall(request, 'AssociateSoftwareToken', {
    AccessToken: accessToken,
  })) as { SecretCode: string };
  await identityCall(request, 'VerifySoftwareToken', {
    AccessToken: accessToken,
    UserCode: totpCode(SecretCode),
  });
  await identityCall(request, 'SetUserMFAPreference', {
    AccessToken: accessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
}

/** Turns the user's authenticator app off again (the pooled e2e companies' owners sign in by password). */
export async function disableAuthenticator(request: APIRequestContext, accessToken: string): Promise<void> {
  await identityCall(request, 'SetUserMFAPreference', {
    AccessToken: accessToken,
    SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
  });
}
