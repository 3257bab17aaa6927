import {
  AdminCreateUserCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminClient, failure, userClient } from './pool-clients.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp({}, { listen: true });
  url = t.url!;
});
afterAll(() => t.close());

const clientId = () => t.config.COGNITO_CLIENT_ID;

describe('USER_PASSWORD_AUTH with the AWS SDK', () => {
  it('signs in a confirmed user and returns all three tokens', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'pw@example.com', password: 'Passw0rdOk', temporary: false },
      t.config,
    );
    const sdk = userClient(url, t.config);
    const res = await sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId(),
        AuthParameters: { USERNAME: 'pw@example.com', PASSWORD: 'Passw0rdOk' },
      }),
    );
    expect(res.AuthenticationResult?.TokenType).toBe('Bearer');
    expect(res.AuthenticationResult?.ExpiresIn).toBe(3600);
    expect(res.AuthenticationResult?.RefreshToken).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(res.$metadata.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const me = await sdk.send(new GetUserCommand({ AccessToken: res.AuthenticationResult!.AccessToken! }));
    expect(me.UserAttributes).toContainEqual({ Name: 'email', Value: 'pw@example.com' });
    expect(me.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
  });

  it('refuses a wrong password and an unknown user with the exact messages', async () => {
    const sdk = userClient(url, t.config);
    const auth = (USERNAME: string, PASSWORD: string) =>
      sdk.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: clientId(),
          AuthParameters: { USERNAME, PASSWORD },
        }),
      );
    expect(await failure(auth('pw@example.com', 'Wrong0pass'))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await failure(auth('nobody@example.com', 'Wrong0pass'))).toEqual({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
  });

  it('takes an admin-created user through NEW_PASSWORD_REQUIRED', async () => {
    const admin = adminClient(url, t.config, t.app.identityAdminCredentials);
    const created = await admin.send(
      new AdminCreateUserCommand({
        UserPoolId: t.config.COGNITO_USER_POOL_ID,
        Username: 'new@example.com',
        TemporaryPassword: 'Temp0rary1',
        MessageAction: 'SUPPRESS',
      }),
    );
    expect(created.User?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    const sdk = userClient(url, t.config);
    const challenge = await sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId(),
        AuthParameters: { USERNAME: 'new@example.com', PASSWORD: 'Temp0rary1' },
      }),
    );
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.Session?.length).toBeGreaterThanOrEqual(20);
    const done = await sdk.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId(),
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: {
          USERNAME: challenge.ChallengeParameters!.USER_ID_FOR_SRP!,
          NEW_PASSWORD: 'Chosen0ne',
        },
      }),
    );
    expect(done.AuthenticationResult?.IdToken).toBeTruthy();
  });
});
