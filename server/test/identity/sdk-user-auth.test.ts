import {
  GetUserCommand,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser, findPoolUser } from '../../src/services/identity/users.ts';
import { srpClient } from '../../testkit/srp-client.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { failure, userClient } from './pool-clients.ts';

/** USER_AUTH (choice-based sign-in, COGNITO.md §3.1.4) with the unmodified AWS SDK over HTTP. */
let t: TestApp;
let sdk: ReturnType<typeof userClient>;
beforeAll(async () => {
  // The pool as a vendor configures it for choice-based sign-in: passwordless e-mailed codes on.
  t = await buildTestApp({ IDENTITY_EMAIL_OTP_SIGN_IN: 'on' }, { listen: true });
  sdk = userClient(t.url!, t.config);
});
afterAll(() => t.close());

const PASSWORD = 'Passw0rdOk';
const clientId = () => t.config.COGNITO_CLIENT_ID;
const user = (email: string, password = PASSWORD, temporary = false) =>
  createPoolUser(t.app.db, { email, password, temporary }, t.config);

const userAuth = (AuthParameters: Record<string, string>) =>
  sdk.send(new InitiateAuthCommand({ AuthFlow: 'USER_AUTH', ClientId: clientId(), AuthParameters }));
const respond = (ChallengeName: string, ChallengeResponses: Record<string, string>, Session?: string) =>
  sdk.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId(),
      ChallengeName: ChallengeName as 'SELECT_CHALLENGE',
      ChallengeResponses,
      Session,
    }),
  );

async function selectChallenge(USERNAME: string): Promise<string> {
  const res = await userAuth({ USERNAME });
  expect(res).toMatchObject({
    ChallengeName: 'SELECT_CHALLENGE',
    AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP'],
    ChallengeParameters: {},
  });
  expect(res.AuthenticationResult).toBeUndefined();
  expect(res.Session?.length).toBeGreaterThanOrEqual(20);
  return res.Session!;
}

/** Finishes an SRP exchange started by either InitiateAuth or SELECT_CHALLENGE. */
async function proveSrp(
  client: ReturnType<typeof srpClient>,
  challenge: Pick<InitiateAuthCommandOutput, 'ChallengeName' | 'ChallengeParameters' | 'Session'>,
  password: string,
) {
  expect(challenge.ChallengeName).toBe('PASSWORD_VERIFIER');
  return respond(
    'PASSWORD_VERIFIER',
    client.passwordClaim(challenge.ChallengeParameters!, password),
    challenge.Session,
  );
}

async function expectWorkingTokens(accessToken: string | undefined, email: string) {
  const me = await sdk.send(new GetUserCommand({ AccessToken: accessToken! }));
  expect(me.UserAttributes).toContainEqual({ Name: 'email', Value: email });
}

describe('USER_AUTH with the AWS SDK', () => {
  it('PREFERRED_CHALLENGE PASSWORD signs in at once', async () => {
    await user('ua-pw@example.com');
    const res = await userAuth({
      USERNAME: 'ua-pw@example.com',
      PREFERRED_CHALLENGE: 'PASSWORD',
      PASSWORD,
    });
    expect(res.ChallengeName).toBeUndefined();
    expect(res.ChallengeParameters).toEqual({});
    expect(res.AuthenticationResult?.TokenType).toBe('Bearer');
    await expectWorkingTokens(res.AuthenticationResult?.AccessToken, 'ua-pw@example.com');
  });

  it('PREFERRED_CHALLENGE PASSWORD_SRP answers PASSWORD_VERIFIER like USER_SRP_AUTH', async () => {
    const { sub } = await user('ua-srp@example.com');
    const client = srpClient(t.config.COGNITO_USER_POOL_ID);
    const challenge = await userAuth({
      USERNAME: 'ua-srp@example.com',
      PREFERRED_CHALLENGE: 'PASSWORD_SRP',
      SRP_A: client.SRP_A,
    });
    expect(challenge.ChallengeParameters).toMatchObject({ USERNAME: sub, USER_ID_FOR_SRP: sub });
    const done = await proveSrp(client, challenge, PASSWORD);
    await expectWorkingTokens(done.AuthenticationResult?.AccessToken, 'ua-srp@example.com');
  });

  it('without a preference offers SELECT_CHALLENGE, answered with PASSWORD', async () => {
    await user('ua-select@example.com');
    const session = await selectChallenge('ua-select@example.com');
    const done = await respond(
      'SELECT_CHALLENGE',
      { ANSWER: 'PASSWORD', USERNAME: 'ua-select@example.com', PASSWORD },
      session,
    );
    expect(done.ChallengeParameters).toEqual({});
    await expectWorkingTokens(done.AuthenticationResult?.AccessToken, 'ua-select@example.com');
  });

  it('without a preference offers SELECT_CHALLENGE, answered with PASSWORD_SRP', async () => {
    const { sub } = await user('ua-select-srp@example.com');
    const session = await selectChallenge('ua-select-srp@example.com');
    const client = srpClient(t.config.COGNITO_USER_POOL_ID);
    const challenge = await respond(
      'SELECT_CHALLENGE',
      // The internal username names the user as well as the email does.
      { ANSWER: 'PASSWORD_SRP', USERNAME: sub, SRP_A: client.SRP_A },
      session,
    );
    const done = await proveSrp(client, challenge, PASSWORD);
    await expectWorkingTokens(done.AuthenticationResult?.AccessToken, 'ua-select-srp@example.com');
  });

  it('refuses wrong passwords on every path with the exact message', async () => {
    await user('ua-wrong@example.com');
    const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    expect(
      await failure(
        userAuth({
          USERNAME: 'ua-wrong@example.com',
          PREFERRED_CHALLENGE: 'PASSWORD',
          PASSWORD: 'Wr0ngPass',
        }),
      ),
    ).toEqual(incorrect);
    const session = await selectChallenge('ua-wrong@example.com');
    expect(
      await failure(
        respond(
          'SELECT_CHALLENGE',
          { ANSWER: 'PASSWORD', USERNAME: 'ua-wrong@example.com', PASSWORD: 'Wr0ngPass' },
          session,
        ),
      ),
    ).toEqual(incorrect);
    const client = srpClient(t.config.COGNITO_USER_POOL_ID);
    const challenge = await userAuth({
      USERNAME: 'ua-wrong@example.com',
      PREFERRED_CHALLENGE: 'PASSWORD_SRP',
      SRP_A: client.SRP_A,
    });
    expect(await failure(proveSrp(client, challenge, 'Wr0ngPass'))).toEqual(incorrect);
    expect((await findPoolUser(t.app.db, 'ua-wrong@example.com'))?.failed_attempts).toBe(3);
  });

  it('shares the lockout with the other flows: five failures lock every path', async () => {
    await user('ua-lock@example.com');
    const wrong = { USERNAME: 'ua-lock@example.com', PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD: 'Wr0ngPass' };
    for (let i = 0; i < 2; i++) await failure(userAuth(wrong));
    for (let i = 0; i < 2; i++) {
      await failure(
        sdk.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: clientId(),
            AuthParameters: { USERNAME: 'ua-lock@example.com', PASSWORD: 'Wr0ngPass' },
          }),
        ),
      );
    }
    const session = await selectChallenge('ua-lock@example.com');
    await failure(
      respond(
        'SELECT_CHALLENGE',
        { ANSWER: 'PASSWORD', USERNAME: 'ua-lock@example.com', PASSWORD: 'Wr0ngPass' },
        session,
      ),
    );
    const locked = await findPoolUser(t.app.db, 'ua-lock@example.com');
    expect(locked?.failed_attempts).toBe(5);
    // Stretch the 1 s lock so the checks below cannot race its end.
    await t.app.db
      .updateTable('identity_users')
      .set({ locked_until: new Date(Date.now() + 60_000) })
      .where('sub', '=', locked!.sub)
      .execute();

    const exceeded = { name: 'NotAuthorizedException', message: 'Password attempts exceeded' };
    expect(await failure(userAuth({ ...wrong, PASSWORD }))).toEqual(exceeded);
    const again = await selectChallenge('ua-lock@example.com');
    expect(
      await failure(
        respond('SELECT_CHALLENGE', { ANSWER: 'PASSWORD', USERNAME: 'ua-lock@example.com', PASSWORD }, again),
      ),
    ).toEqual(exceeded);
    const client = srpClient(t.config.COGNITO_USER_POOL_ID);
    const challenge = await userAuth({
      USERNAME: 'ua-lock@example.com',
      PREFERRED_CHALLENGE: 'PASSWORD_SRP',
      SRP_A: client.SRP_A,
    });
    expect(await failure(proveSrp(client, challenge, PASSWORD))).toEqual(exceeded);
    // Attempts during the lock are not counted.
    expect((await findPoolUser(t.app.db, 'ua-lock@example.com'))?.failed_attempts).toBe(5);
  });

  it('takes a temporary password through NEW_PASSWORD_REQUIRED', async () => {
    await user('ua-temp@example.com', 'Temp0rary1', true);
    const session = await selectChallenge('ua-temp@example.com');
    const challenge = await respond(
      'SELECT_CHALLENGE',
      { ANSWER: 'PASSWORD', USERNAME: 'ua-temp@example.com', PASSWORD: 'Temp0rary1' },
      session,
    );
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.Session?.length).toBeGreaterThanOrEqual(20);
    const done = await respond(
      'NEW_PASSWORD_REQUIRED',
      { USERNAME: challenge.ChallengeParameters!.USER_ID_FOR_SRP!, NEW_PASSWORD: 'Chosen0ne' },
      challenge.Session,
    );
    await expectWorkingTokens(done.AuthenticationResult?.AccessToken, 'ua-temp@example.com');
    const direct = await userAuth({
      USERNAME: 'ua-temp@example.com',
      PREFERRED_CHALLENGE: 'PASSWORD',
      PASSWORD: 'Chosen0ne',
    });
    expect(direct.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('says "User is disabled." only to someone who knows the password', async () => {
    await user('ua-off@example.com');
    // The pool has no AdminDisableUser; the portal disables accounts in the database.
    await t.app.db
      .updateTable('identity_users')
      .set({ enabled: false })
      .where('email', '=', 'ua-off@example.com')
      .execute();
    const wrong = await selectChallenge('ua-off@example.com');
    expect(
      await failure(
        respond(
          'SELECT_CHALLENGE',
          { ANSWER: 'PASSWORD', USERNAME: 'ua-off@example.com', PASSWORD: 'Wr0ngPass' },
          wrong,
        ),
      ),
    ).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const session = await selectChallenge('ua-off@example.com');
    expect(
      await failure(
        respond(
          'SELECT_CHALLENGE',
          { ANSWER: 'PASSWORD', USERNAME: 'ua-off@example.com', PASSWORD },
          session,
        ),
      ),
    ).toEqual({ name: 'NotAuthorizedException', message: 'User is disabled.' });
  });

  it('answers unknown users as the other flows do (LEGACY)', async () => {
    const notFound = { name: 'UserNotFoundException', message: 'User does not exist.' };
    expect(await failure(userAuth({ USERNAME: 'ua-ghost@example.com' }))).toEqual(notFound);
    expect(
      await failure(
        userAuth({ USERNAME: 'ua-ghost@example.com', PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD }),
      ),
    ).toEqual(notFound);
    expect(
      await failure(
        userAuth({
          USERNAME: 'ua-ghost@example.com',
          PREFERRED_CHALLENGE: 'PASSWORD_SRP',
          SRP_A: srpClient(t.config.COGNITO_USER_POOL_ID).SRP_A,
        }),
      ),
    ).toEqual(notFound);
  });

  it('refuses a used, unknown, foreign or missing Session', async () => {
    await user('ua-session@example.com');
    const expired = {
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    };
    const answer = { ANSWER: 'PASSWORD', USERNAME: 'ua-session@example.com', PASSWORD };
    const session = await selectChallenge('ua-session@example.com');
    // A wrong password uses the Session up too.
    await failure(respond('SELECT_CHALLENGE', { ...answer, PASSWORD: 'Wr0ngPass' }, session));
    expect(await failure(respond('SELECT_CHALLENGE', answer, session))).toEqual(expired);

    const used = await selectChallenge('ua-session@example.com');
    expect((await respond('SELECT_CHALLENGE', answer, used)).AuthenticationResult).toBeDefined();
    expect(await failure(respond('SELECT_CHALLENGE', answer, used))).toEqual(expired);

    expect(await failure(respond('SELECT_CHALLENGE', answer, 'x'.repeat(64)))).toEqual(expired);
    expect(await failure(respond('SELECT_CHALLENGE', answer))).toEqual(expired);
    // Another user's session.
    await user('ua-other@example.com');
    const other = await selectChallenge('ua-other@example.com');
    expect(await failure(respond('SELECT_CHALLENGE', answer, other))).toEqual(expired);
  });

  it('validates PREFERRED_CHALLENGE, ANSWER and the parameters of the chosen factor', async () => {
    await user('ua-params@example.com');
    const invalid = (message: string) => ({ name: 'InvalidParameterException', message });
    expect(
      await failure(userAuth({ USERNAME: 'ua-params@example.com', PREFERRED_CHALLENGE: 'SMS_OTP' })),
    ).toEqual(invalid('SMS_OTP challenge not enabled for this client'));
    expect(
      await failure(userAuth({ USERNAME: 'ua-params@example.com', PREFERRED_CHALLENGE: 'PASSWORD' })),
    ).toEqual(invalid('Missing required parameter PASSWORD'));
    expect(
      await failure(userAuth({ USERNAME: 'ua-params@example.com', PREFERRED_CHALLENGE: 'PASSWORD_SRP' })),
    ).toEqual(invalid('Missing required parameter SRP_A'));
    expect(await failure(userAuth({}))).toEqual(invalid('Missing required parameter USERNAME'));

    const session = await selectChallenge('ua-params@example.com');
    const select = (responses: Record<string, string>) =>
      failure(respond('SELECT_CHALLENGE', responses, session));
    expect(await select({ USERNAME: 'ua-params@example.com' })).toEqual(
      invalid('Missing required parameter ANSWER'),
    );
    expect(await select({ ANSWER: 'WEB_AUTHN', USERNAME: 'ua-params@example.com' })).toEqual(
      invalid('WEB_AUTHN is not an available challenge for this user.'),
    );
    expect(await select({ ANSWER: 'SMS_OTP', USERNAME: 'ua-params@example.com' })).toEqual(
      invalid('SMS_OTP challenge not enabled for this client'),
    );
    expect(await select({ ANSWER: 'PASSWORD', USERNAME: 'ua-params@example.com' })).toEqual(
      invalid('Missing required parameter PASSWORD'),
    );
    expect(await select({ ANSWER: 'PASSWORD_SRP', USERNAME: 'ua-params@example.com', SRP_A: 'zz' })).toEqual(
      invalid('Invalid SRP_A'),
    );
    // Parameter errors do not use the Session up.
    const done = await respond(
      'SELECT_CHALLENGE',
      { ANSWER: 'PASSWORD', USERNAME: 'ua-params@example.com', PASSWORD },
      session,
    );
    expect(done.AuthenticationResult?.IdToken).toBeTruthy();
  });
});
