import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Config } from '../../src/infrastructure/config/config.ts';
import type { AdminCredentials } from '../../src/services/identity/admin-credentials.ts';

/** The official SDK pointed at a listening test server, as a user-pool client (unsigned operations). */
export function userClient(url: string, config: Config): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: config.COGNITO_REGION,
    endpoint: `${url}/api/identity`,
    // Public operations are sent unsigned; credentials are still required by the client.
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
    maxAttempts: 1,
  });
}

/** The official SDK with admin keys (SigV4-signed Admin* calls): the app's own, or others. */
export function adminClient(url: string, config: Config, credentials: AdminCredentials) {
  return new CognitoIdentityProviderClient({
    region: config.COGNITO_REGION,
    endpoint: `${url}/api/identity`,
    // A copy: the SDK marks the object it is given.
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    maxAttempts: 1,
  });
}

/** Raw JSON 1.1 call, for what the SDK would not send (unknown targets, malformed bodies). */
export async function rawCall(
  url: string,
  target: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${url}/api/identity`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      ...headers,
    },
    body,
  });
}

/** Catches the error a promise rejects with, to assert on name and message. */
export async function failure(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  throw new Error('expected the call to fail');
}

/** A JSON response body, loosely typed for assertions. */
export interface JsonBody {
  __type?: string;
  message?: string;
  keys?: Record<string, string>[];
  [member: string]: unknown;
}

export async function readJson(res: Response): Promise<JsonBody> {
  return (await res.json()) as JsonBody;
}
