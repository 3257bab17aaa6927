import {
  ForgotPasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { srpClient } from '../../testkit/srp-client.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { failure, userClient } from './pool-clients.ts';

let t: TestApp;
let sdk: ReturnType<typeof userClient>;
beforeAll(async () => {
  t = await buildTestApp({ IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'ENABLED' }, { listen: true });
  sdk = userClient(t.url!, t.config);
});
afterAll(() => t.close());

describe('PreventUserExistenceErrors=ENABLED', () => {
  it('answers unknown users like wrong passwords', async () => {
    const res = await failure(
      sdk.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: t.config.COGNITO_CLIENT_ID,
          AuthParameters: { USERNAME: 'ghost@example.com', PASSWORD: 'Passw0rdOk' },
        }),
      ),
    );
    expect(res).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('simulates a stable SRP challenge and a code delivery for unknown users', async () => {
    const start = () =>
      sdk.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: t.config.COGNITO_CLIENT_ID,
          AuthParameters: { USERNAME: 'ghost@example.com', SRP_A: 'abc123' },
        }),
      );
    const [a, b] = [await start(), await start()];
    expect(a.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(a.ChallengeParameters?.SALT).toBe(b.ChallengeParameters?.SALT);
    expect(a.ChallengeParameters?.USER_ID_FOR_SRP).toBe(b.ChallengeParameters?.USER_ID_FOR_SRP);
    expect(a.ChallengeParameters?.USER_ID_FOR_SRP).toMatch(/^[0-9a-f-]{36}$/);
    const forgot = await sdk.send(
      new ForgotPasswordCommand({ ClientId: t.config.COGNITO_CLIENT_ID, Username: 'ghost@example.com' }),
    );
    expect(forgot.CodeDeliveryDetails?.Destination).toBe('g***@e***');
  });

  it('USER_AUTH: an unknown user gets a SELECT_CHALLENGE that looks real, then the wrong-password answers', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'real@example.com', password: 'Passw0rdOk', temporary: false },
      t.config,
    );
    const start = (USERNAME: string) =>
      sdk.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_AUTH',
          ClientId: t.config.COGNITO_CLIENT_ID,
          AuthParameters: { USERNAME },
        }),
      );
    const answer = (Session: string | undefined, ChallengeResponses: Record<string, string>) =>
      sdk.send(
        new RespondToAuthChallengeCommand({
          ClientId: t.config.COGNITO_CLIENT_ID,
          ChallengeName: 'SELECT_CHALLENGE',
          Session,
          ChallengeResponses,
        }),
      );
    const [ghost, real] = [await start('ghost@example.com'), await start('real@example.com')];
    const shape = (res: typeof ghost) => ({
      ChallengeName: res.ChallengeName,
      AvailableChallenges: res.AvailableChallenges,
      ChallengeParameters: res.ChallengeParameters,
      sessionLength: res.Session?.length,
    });
    expect(shape(ghost)).toEqual(shape(real));
    expect(ghost.ChallengeName).toBe('SELECT_CHALLENGE');

    const wrongPassword = { ANSWER: 'PASSWORD', PASSWORD: 'Wr0ngPass' };
    const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    expect(await failure(answer(ghost.Session, { ...wrongPassword, USERNAME: 'ghost@example.com' }))).toEqual(
      incorrect,
    );
    expect(await failure(answer(real.Session, { ...wrongPassword, USERNAME: 'real@example.com' }))).toEqual(
      incorrect,
    );

    const srp = await answer((await start('ghost@example.com')).Session, {
      ANSWER: 'PASSWORD_SRP',
      USERNAME: 'ghost@example.com',
      SRP_A: srpClient(t.config.COGNITO_USER_POOL_ID).SRP_A,
    });
    expect(srp.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(srp.ChallengeParameters?.USER_ID_FOR_SRP).toMatch(/^[0-9a-f-]{36}$/);

    // A simulated Session names its username: it is no key for another one.
    expect(
      await failure(
        answer((await start('ghost@example.com')).Session, {
          ...wrongPassword,
          USERNAME: 'other@example.com',
        }),
      ),
    ).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });
});
