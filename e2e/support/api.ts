import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO, demoAccount } from './demo-accounts.ts';
import { readTemporaryPassword } from './mailbox.ts';

interface IdentityConfig {
  userPoolClientId: string;
  userPoolEndpoint?: string;
}

async function identityConfig(request: APIRequestContext): Promise<IdentityConfig> {
  const response = await request.get('/api/config');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { identity: IdentityConfig }).identity;
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
  const identity = await identityConfig(request);
  const response = await request.post(identity.userPoolEndpoint ?? '/api/identity', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: identity.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await response.json()) as { AuthenticationResult?: { IdToken: string }; message?: string };
  if (!body.AuthenticationResult)
    throw new Error(`Sign-in of ${email} failed: ${body.message ?? response.status()}`);
  return body.AuthenticationResult.IdToken;
}

/** A demo account's session token. */
export async function demoSessionToken(request: APIRequestContext, email: string): Promise<string> {
  return sessionTokenFor(request, email, demoAccount(email).password);
}

export interface CreatedMember {
  userId: string;
  email: string;
  name: string;
  companyId: string;
  /** From the welcome mail in the development mailbox. */
  temporaryPassword: string;
}

/**
 * A new member of a demo owner's company (default: the Northwind dealer owner), on a temporary password.
 * Tests that change an account (passwords, lockout) use one, so they depend on no other test.
 */
export async function createMember(
  request: APIRequestContext,
  options: { owner?: string; prefix?: string } = {},
): Promise<CreatedMember> {
  const owner = demoAccount(options.owner ?? DEMO.dealerOwner);
  const token = await demoSessionToken(request, owner.email);
  const suffix = randomUUID().slice(0, 8);
  const email = `${options.prefix ?? 'e2e'}-${suffix}@${owner.email.split('@')[1]}`;
  const name = `E2E_${suffix}`;
  const before = new Date();
  const response = await request.post(`/api/reseller/v1/companies/${owner.companyId}/users`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email, name },
  });
  expect(response.status(), await response.text()).toBe(201);
  const member = (await response.json()) as { userId: string };
  const temporaryPassword = await readTemporaryPassword(request, email, before);
  return { userId: member.userId, email, name, companyId: owner.companyId, temporaryPassword };
}

async function identityCall(
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

export interface ActiveMember extends CreatedMember {
  /** The member's own password (the temporary one is no longer valid). */
  password: string;
}

/**
 * A new member who has already replaced the temporary password (answered NEW_PASSWORD_REQUIRED by API)
 * and, unless `welcomeVideo` is true, has already closed the welcome video (so no dialog covers the page).
 */
export async function createActiveMember(
  request: APIRequestContext,
  options: { owner?: string; prefix?: string; password?: string; welcomeVideo?: boolean } = {},
): Promise<ActiveMember> {
  const member = await createMember(request, options);
  const password = options.password ?? `Own-${randomUUID().slice(0, 6)}-Pass1`;
  const challenge = await identityCall(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: member.email, PASSWORD: member.temporaryPassword },
  });
  const signedIn = await identityCall(request, 'RespondToAuthChallenge', {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: challenge.Session,
    ChallengeResponses: { USERNAME: member.email, NEW_PASSWORD: password },
  });
  if (!options.welcomeVideo) {
    const { IdToken } = signedIn.AuthenticationResult as { IdToken: string };
    const response = await request.patch(`/api/reseller/v1/users/${member.userId}`, {
      headers: { authorization: `Bearer ${IdToken}` },
      data: { welcomeVideoSeen: true },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  return { ...member, password };
}
