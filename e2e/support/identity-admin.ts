import {
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { APIRequestContext } from '@playwright/test';
import { identityConfig } from './api.ts';

/**
 * The identity service's admin API (Cognito's Admin* calls, signed with SigV4) through the official AWS
 * SDK client, as an operator's script would call it. The keys are generated per run by playwright.config.ts
 * and given to the servers as IDENTITY_ADMIN_* (no key in the source, decision 0007).
 */
async function identityAdmin(
  request: APIRequestContext,
  baseURL: string,
): Promise<{ client: CognitoIdentityProviderClient; userPoolId: string }> {
  const accessKeyId = process.env.E2E_IDENTITY_ADMIN_ACCESS_KEY_ID;
  const secretAccessKey = process.env.E2E_IDENTITY_ADMIN_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey)
    throw new Error('E2E_IDENTITY_ADMIN_* are not set: run the tests through playwright.config.ts');
  const identity = await identityConfig(request);
  const client = new CognitoIdentityProviderClient({
    region: identity.region,
    endpoint: new URL(identity.userPoolEndpoint ?? '/api/identity', baseURL).href,
    credentials: { accessKeyId, secretAccessKey },
    maxAttempts: 1,
  });
  return { client, userPoolId: identity.userPoolId };
}

/** Gives an account a password of the caller's choosing (AdminSetUserPassword). */
export async function setPassword(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password: string,
  permanent: boolean,
): Promise<void> {
  const { client, userPoolId } = await identityAdmin(request, baseURL);
  try {
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: email,
        Password: password,
        Permanent: permanent,
      }),
    );
  } finally {
    client.destroy();
  }
}
