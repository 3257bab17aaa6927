import {
  AdminCreateUserCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser, findPoolUser } from '../../src/services/identity/users.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestResetCode } from './mailbox.ts';
import { adminClient, failure, userClient } from './pool-clients.ts';

/** Short configured times so that expiry needs one ~1 s wait, and a lockout cap of 4 s. */
let t: TestApp;
let sdk: ReturnType<typeof userClient>;
beforeAll(async () => {
  t = await buildTestApp(
    {
      IDENTITY_LOCKOUT_MAX_SECONDS: '4',
      IDENTITY_CODE_SECONDS: '1',
      IDENTITY_TEMPORARY_PASSWORD_SECONDS: '1',
      IDENTITY_AUTH_SESSION_SECONDS: '1',
      IDENTITY_ACCESS_TOKEN_SECONDS: '1',
      IDENTITY_REFRESH_TOKEN_SECONDS: '1',
    },
    { listen: true },
  );
  sdk = userClient(t.url!, t.config);
});
afterAll(() => t.close());

const PASSWORD = 'Passw0rdOk';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const signIn = (USERNAME: string, PASSWORD: string) =>
  sdk.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: t.config.COGNITO_CLIENT_ID,
      AuthParameters: { USERNAME, PASSWORD },
    }),
  );

/** Ends the current lock as if its time had passed, without waiting for it. */
const endLock = (email: string) =>
  t.app.db
    .updateTable('identity_users')
    .set({ locked_until: sql<Date>`now() - interval '1 second'` })
    .where(sql<string>`lower(email)`, '=', email)
    .execute();

async function lockSeconds(email: string): Promise<number> {
  const user = await findPoolUser(t.app.db, email);
  return Math.round((user!.locked_until!.getTime() - user!.last_attempt_at!.getTime()) / 1000);
}

describe('lockout (2^(n-5) s, capped)', () => {
  it('locks after five failures, doubles per failure up to the cap, and resets on success', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'lock@example.com', password: PASSWORD, temporary: false },
      t.config,
    );
    for (let i = 0; i < 4; i++) {
      expect((await failure(signIn('lock@example.com', 'Wr0ngPass'))).message).toBe(
        'Incorrect username or password.',
      );
    }
    expect((await findPoolUser(t.app.db, 'lock@example.com'))?.locked_until).toBeNull();
    expect((await failure(signIn('lock@example.com', 'Wr0ngPass'))).message).toBe(
      'Incorrect username or password.',
    );
    expect(await lockSeconds('lock@example.com')).toBe(1);
    // During the lock even the right password is refused, and the attempt is not counted.
    expect(await failure(signIn('lock@example.com', PASSWORD))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    expect((await findPoolUser(t.app.db, 'lock@example.com'))?.failed_attempts).toBe(5);
    const schedule: number[] = [];
    for (let n = 6; n <= 8; n++) {
      await endLock('lock@example.com');
      await failure(signIn('lock@example.com', 'Wr0ngPass'));
      schedule.push(await lockSeconds('lock@example.com'));
    }
    expect(schedule).toEqual([2, 4, 4]);
    await endLock('lock@example.com');
    expect((await signIn('lock@example.com', PASSWORD)).AuthenticationResult).toBeTruthy();
    expect((await findPoolUser(t.app.db, 'lock@example.com'))?.failed_attempts).toBe(0);
  });

  it('really waits out a one-second lock', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'wait@example.com', password: PASSWORD, temporary: false },
      t.config,
    );
    for (let i = 0; i < 5; i++) await failure(signIn('wait@example.com', 'Wr0ngPass'));
    expect((await failure(signIn('wait@example.com', PASSWORD))).message).toBe('Password attempts exceeded');
    await sleep(1100);
    expect((await signIn('wait@example.com', PASSWORD)).AuthenticationResult).toBeTruthy();
  });
});

describe('expiry', () => {
  it('expires temporary passwords, codes, challenge sessions, access and refresh tokens', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'temp@example.com', password: 'Temp0rary1', temporary: true },
      t.config,
    );
    await createPoolUser(
      t.app.db,
      { email: 'code@example.com', password: PASSWORD, temporary: false },
      t.config,
    );
    await createPoolUser(
      t.app.db,
      { email: 'tok@example.com', password: PASSWORD, temporary: false },
      t.config,
    );
    await createPoolUser(
      t.app.db,
      { email: 'slow@example.com', password: 'Temp0rary1', temporary: true },
      t.config,
    );
    const challenge = await signIn('slow@example.com', 'Temp0rary1');
    await sdk.send(
      new ForgotPasswordCommand({ ClientId: t.config.COGNITO_CLIENT_ID, Username: 'code@example.com' }),
    );
    const code = await latestResetCode(t.app, 'code@example.com');
    const tokens = (await signIn('tok@example.com', PASSWORD)).AuthenticationResult!;

    await sleep(1200);

    expect(await failure(signIn('temp@example.com', 'Temp0rary1'))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Temporary password has expired and must be reset by an administrator.',
    });
    // A wrong password still says so: only the right temporary password learns that it expired.
    expect((await failure(signIn('temp@example.com', 'Wr0ngPass'))).message).toBe(
      'Incorrect username or password.',
    );
    expect(
      await failure(
        sdk.send(
          new ConfirmForgotPasswordCommand({
            ClientId: t.config.COGNITO_CLIENT_ID,
            Username: 'code@example.com',
            ConfirmationCode: code,
            Password: 'Brand0New',
          }),
        ),
      ),
    ).toEqual({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
    expect(
      await failure(
        sdk.send(
          new RespondToAuthChallengeCommand({
            ClientId: t.config.COGNITO_CLIENT_ID,
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            Session: challenge.Session,
            ChallengeResponses: { USERNAME: 'slow@example.com', NEW_PASSWORD: 'Chosen0ne' },
          }),
        ),
      ),
    ).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    expect(await failure(sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken! })))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Access Token has expired',
    });
    expect(
      await failure(
        sdk.send(
          new GetTokensFromRefreshTokenCommand({
            ClientId: t.config.COGNITO_CLIENT_ID,
            RefreshToken: tokens.RefreshToken!,
          }),
        ),
      ),
    ).toEqual({ name: 'NotAuthorizedException', message: 'Refresh Token has expired' });

    // The administrator's remedy: RESEND restarts the clock with a new temporary password.
    await adminClient(t.url!, t.config, t.app.identityAdminCredentials).send(
      new AdminCreateUserCommand({
        UserPoolId: t.config.COGNITO_USER_POOL_ID,
        Username: 'temp@example.com',
        MessageAction: 'RESEND',
        TemporaryPassword: 'Again0Temp',
      }),
    );
    expect((await signIn('temp@example.com', 'Again0Temp')).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });
});
