import {
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestResetCode } from './mailbox.ts';
import { failure, userClient } from './pool-clients.ts';

/**
 * Two server instances on one database (two connection pools on PostgreSQL), as behind a load balancer:
 * same public URL, so the same token issuer.
 */
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await buildTestApp({}, { listen: true });
  two = await buildTestApp({ PUBLIC_URL: one.config.PUBLIC_URL }, { listen: true, database: one.database });
});
afterAll(async () => {
  await two.close();
  await one.close();
});

const PASSWORD = 'Passw0rdOk';
const signIn = (app: TestApp, USERNAME: string, PASSWORD: string) =>
  userClient(app.url!, app.config).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: app.config.COGNITO_CLIENT_ID,
      AuthParameters: { USERNAME, PASSWORD },
    }),
  );

describe('two server processes on one database', () => {
  it('share the lockout', async () => {
    await createPoolUser(
      one.app.db,
      { email: 'shared@example.com', password: PASSWORD, temporary: false },
      one.config,
    );
    for (let i = 0; i < 5; i++) await failure(signIn(i % 2 ? one : two, 'shared@example.com', 'Wr0ngPass'));
    // The fifth failure locked the user for 1 s; stretch it so a slow machine cannot race it.
    await one.app.db
      .updateTable('identity_users')
      .set({ locked_until: new Date(Date.now() + 60_000) })
      .where('email', '=', 'shared@example.com')
      .where('failed_attempts', '=', 5)
      .execute();
    expect((await failure(signIn(two, 'shared@example.com', PASSWORD))).message).toBe(
      'Password attempts exceeded',
    );
    expect((await failure(signIn(one, 'shared@example.com', PASSWORD))).message).toBe(
      'Password attempts exceeded',
    );
  });

  it('share revocations: a token revoked through one is refused by the other', async () => {
    await createPoolUser(
      one.app.db,
      { email: 'rev@example.com', password: PASSWORD, temporary: false },
      one.config,
    );
    const tokens = (await signIn(two, 'rev@example.com', PASSWORD)).AuthenticationResult!;
    expect((await one.app.sessionVerifier.verify(tokens.IdToken!)).sub).toBeTruthy();
    await userClient(one.url!, one.config).send(
      new RevokeTokenCommand({ ClientId: one.config.COGNITO_CLIENT_ID, Token: tokens.RefreshToken! }),
    );
    expect(await two.app.sessionVerifier.verify(tokens.IdToken!).catch(() => 'refused')).toBe('refused');
    const refresh = userClient(two.url!, two.config).send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: two.config.COGNITO_CLIENT_ID,
        RefreshToken: tokens.RefreshToken!,
      }),
    );
    expect((await failure(refresh)).message).toBe('Refresh Token has been revoked');
  });

  it('share reset codes and signing keys', async () => {
    await createPoolUser(
      one.app.db,
      { email: 'code@example.com', password: PASSWORD, temporary: false },
      one.config,
    );
    await userClient(one.url!, one.config).send(
      new ForgotPasswordCommand({ ClientId: one.config.COGNITO_CLIENT_ID, Username: 'code@example.com' }),
    );
    const code = await latestResetCode(two.app, 'code@example.com');
    await userClient(two.url!, two.config).send(
      new ConfirmForgotPasswordCommand({
        ClientId: two.config.COGNITO_CLIENT_ID,
        Username: 'code@example.com',
        ConfirmationCode: code,
        Password: 'Brand0New',
      }),
    );
    const tokens = (await signIn(one, 'code@example.com', 'Brand0New')).AuthenticationResult!;
    expect((await two.app.sessionVerifier.verify(tokens.AccessToken!)).tokenUse).toBe('access');
  });
});
