import {
  AssociateSoftwareTokenCommand,
  GetUserAuthFactorsCommand,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestMail } from './mailbox.ts';
import { fixedClock } from './mfa-clock.ts';
import { failure, userClient } from './pool-clients.ts';

/**
 * Passwordless sign-in with an e-mailed code: USER_AUTH's EMAIL_OTP first factor (issue 25 item 3), with
 * the unmodified AWS SDK over HTTP, on a fixed clock.
 */
let t: TestApp;
let sdk: ReturnType<typeof userClient>;
let clock: ReturnType<typeof fixedClock>;
beforeAll(async () => {
  t = await buildTestApp({ IDENTITY_EMAIL_OTP_SIGN_IN: 'on' }, { listen: true });
  sdk = userClient(t.url!, t.config);
});
afterAll(() => t.close());
beforeEach(() => {
  clock = fixedClock();
});
afterEach(() => clock.restore());

const PASSWORD = 'Passw0rdOk';
const ClientId = () => t.config.COGNITO_CLIENT_ID;
const newUser = (email: string) =>
  createPoolUser(t.app.db, { email, password: PASSWORD, temporary: false }, t.config);

const userAuth = (AuthParameters: Record<string, string>, pool = sdk) =>
  pool.send(new InitiateAuthCommand({ AuthFlow: 'USER_AUTH', ClientId: ClientId(), AuthParameters }));
const preferEmail = (USERNAME: string, pool = sdk) =>
  userAuth({ USERNAME, PREFERRED_CHALLENGE: 'EMAIL_OTP' }, pool);
const respond = (
  ChallengeName: string,
  Session: string | undefined,
  ChallengeResponses: Record<string, string>,
  pool = sdk,
) =>
  pool.send(
    new RespondToAuthChallengeCommand({
      ClientId: ClientId(),
      ChallengeName: ChallengeName as 'EMAIL_OTP',
      Session,
      ChallengeResponses,
    }),
  );
const answerCode = (challenge: InitiateAuthCommandOutput, EMAIL_OTP_CODE: string, pool = sdk) =>
  respond(
    'EMAIL_OTP',
    challenge.Session,
    { USERNAME: challenge.ChallengeParameters!.USER_ID_FOR_SRP!, EMAIL_OTP_CODE },
    pool,
  );

async function mailedCode(app: TestApp, email: string): Promise<string> {
  const mail = await latestMail(app.app, email);
  const code = mail?.template === 'sign-in-code' ? mail.text.match(/\b(\d{6})\b/)?.[1] : undefined;
  if (!code) throw new Error(`no sign-in code mailed to ${email}`);
  return code;
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const mismatch = {
  name: 'CodeMismatchException',
  message: 'Invalid verification code provided, please try again.',
};
const sessionExpired = {
  name: 'NotAuthorizedException',
  message: 'Invalid session for the user, session is expired.',
};

describe('USER_AUTH with an e-mailed code as the first factor', () => {
  it('PREFERRED_CHALLENGE EMAIL_OTP mails a 6-digit code; the code alone signs in', async () => {
    const { sub } = await newUser('otp-preferred@example.com');
    const challenge = await preferEmail('otp-preferred@example.com');
    expect(challenge).toMatchObject({
      ChallengeName: 'EMAIL_OTP',
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
        CODE_DELIVERY_DESTINATION: 'o***@e***',
        USER_ID_FOR_SRP: sub,
      },
    });
    expect(challenge.Session?.length).toBeGreaterThanOrEqual(20);
    const code = await mailedCode(t, 'otp-preferred@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await answerCode(challenge, code);
    expect(signedIn.ChallengeName).toBeUndefined();
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('SELECT_CHALLENGE offers EMAIL_OTP to a user with a verified e-mail; ANSWER EMAIL_OTP starts the challenge', async () => {
    await newUser('otp-selected@example.com');
    const select = await userAuth({ USERNAME: 'otp-selected@example.com' });
    expect(select).toMatchObject({
      ChallengeName: 'SELECT_CHALLENGE',
      AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP'],
    });
    const challenge = await respond('SELECT_CHALLENGE', select.Session, {
      ANSWER: 'EMAIL_OTP',
      USERNAME: 'otp-selected@example.com',
    });
    expect(challenge).toMatchObject({
      ChallengeName: 'EMAIL_OTP',
      ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: 'o***@e***' },
    });
    const code = await mailedCode(t, 'otp-selected@example.com');
    // The typed e-mail names the user as well as USER_ID_FOR_SRP does.
    const signedIn = await respond('EMAIL_OTP', challenge.Session, {
      USERNAME: 'otp-selected@example.com',
      EMAIL_OTP_CODE: code,
    });
    expect(signedIn.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('a user without a verified e-mail is not offered EMAIL_OTP: preferring it gives SELECT_CHALLENGE, answering it is refused', async () => {
    const { sub } = await newUser('otp-unverified@example.com');
    await t.app.db
      .updateTable('identity_users')
      .set({ email_verified: false })
      .where('sub', '=', sub)
      .execute();
    const select = await preferEmail('otp-unverified@example.com');
    expect(select).toMatchObject({
      ChallengeName: 'SELECT_CHALLENGE',
      AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP'],
    });
    expect(
      await failure(
        respond('SELECT_CHALLENGE', select.Session, {
          ANSWER: 'EMAIL_OTP',
          USERNAME: 'otp-unverified@example.com',
        }),
      ),
    ).toEqual({
      name: 'InvalidParameterException',
      message: 'EMAIL_OTP is not an available challenge for this user.',
    });
    expect(await latestMail(t.app, 'otp-unverified@example.com')).toBeUndefined();
  });

  it('a wrong code is CodeMismatchException and the Session stays for the right one', async () => {
    await newUser('otp-wrong@example.com');
    const challenge = await preferEmail('otp-wrong@example.com');
    const code = await mailedCode(t, 'otp-wrong@example.com');
    expect(await failure(answerCode(challenge, otherCode(code)))).toEqual(mismatch);
    expect((await answerCode(challenge, code)).AuthenticationResult).toBeTruthy();
  });

  it('a code older than IDENTITY_MFA_CODE_SECONDS is ExpiredCodeException', async () => {
    const shortCodes = await buildTestApp(
      { IDENTITY_EMAIL_OTP_SIGN_IN: 'on', IDENTITY_MFA_CODE_SECONDS: '60' },
      { listen: true, database: t.database },
    );
    try {
      const pool = userClient(shortCodes.url!, shortCodes.config);
      await newUser('otp-late@example.com');
      const challenge = await preferEmail('otp-late@example.com', pool);
      const code = await mailedCode(shortCodes, 'otp-late@example.com');
      clock.advance(61_000);
      expect(await failure(answerCode(challenge, code, pool))).toEqual({
        name: 'ExpiredCodeException',
        message: 'Invalid code provided, please request a code again.',
      });
    } finally {
      await shortCodes.close();
    }
  });

  it('a used code cannot sign in again, neither on its Session nor on a new one', async () => {
    await newUser('otp-replay@example.com');
    const challenge = await preferEmail('otp-replay@example.com');
    const code = await mailedCode(t, 'otp-replay@example.com');
    expect((await answerCode(challenge, code)).AuthenticationResult).toBeTruthy();
    expect(await failure(answerCode(challenge, code))).toEqual(sessionExpired);
    clock.advance(1_000); // the mailbox lists the newest mail first, by its time
    const next = await preferEmail('otp-replay@example.com');
    const nextCode = await mailedCode(t, 'otp-replay@example.com');
    if (nextCode !== code) expect(await failure(answerCode(next, code))).toEqual(mismatch);
    expect((await answerCode(next, nextCode)).AuthenticationResult).toBeTruthy();
  });

  it('five wrong codes lock the account; a new code does not reset the count', async () => {
    await newUser('otp-lock@example.com');
    const first = await preferEmail('otp-lock@example.com');
    for (let i = 0; i < 4; i++) {
      expect(
        await failure(answerCode(first, otherCode(await mailedCode(t, 'otp-lock@example.com')))),
      ).toEqual(mismatch);
    }
    clock.advance(1_000); // the mailbox lists the newest mail first, by its time
    const second = await preferEmail('otp-lock@example.com');
    const code = await mailedCode(t, 'otp-lock@example.com');
    expect(await failure(answerCode(second, otherCode(code)))).toEqual(mismatch);
    // Locked now (1 s): even the right code is refused, and not counted.
    expect(await failure(answerCode(second, code))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    clock.advance(1_500);
    expect((await answerCode(second, code)).AuthenticationResult).toBeTruthy();
  });

  it('asks no second factor after it, even of a user with TOTP on (a passwordless first factor, as Cognito)', async () => {
    await newUser('otp-totp@example.com');
    const password = await userAuth({
      USERNAME: 'otp-totp@example.com',
      PREFERRED_CHALLENGE: 'PASSWORD',
      PASSWORD,
    });
    const AccessToken = password.AuthenticationResult!.AccessToken!;
    const { SecretCode } = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: clock.code(SecretCode!) }));
    await sdk.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    // The password still leads to the TOTP step ...
    expect(
      (await userAuth({ USERNAME: 'otp-totp@example.com', PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD }))
        .ChallengeName,
    ).toBe('SOFTWARE_TOKEN_MFA');
    // ... the e-mailed code as first factor does not.
    const challenge = await preferEmail('otp-totp@example.com');
    const signedIn = await answerCode(challenge, await mailedCode(t, 'otp-totp@example.com'));
    expect(signedIn.ChallengeName).toBeUndefined();
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('tells the account’s state only after the right code: disabled, or a temporary password to replace', async () => {
    const { sub } = await newUser('otp-disabled@example.com');
    await t.app.db.updateTable('identity_users').set({ enabled: false }).where('sub', '=', sub).execute();
    expect((await userAuth({ USERNAME: 'otp-disabled@example.com' })).AvailableChallenges).toEqual([
      'PASSWORD',
      'PASSWORD_SRP',
      'EMAIL_OTP',
    ]);
    const disabled = await preferEmail('otp-disabled@example.com');
    const code = await mailedCode(t, 'otp-disabled@example.com');
    expect(await failure(answerCode(disabled, otherCode(code)))).toEqual(mismatch);
    expect(await failure(answerCode(disabled, code))).toEqual({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });

    await createPoolUser(
      t.app.db,
      { email: 'otp-temporary@example.com', password: PASSWORD, temporary: true },
      t.config,
    );
    const temporary = await preferEmail('otp-temporary@example.com');
    const next = await answerCode(temporary, await mailedCode(t, 'otp-temporary@example.com'));
    expect(next.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(next.AuthenticationResult).toBeUndefined();
  });

  it('GetUserAuthFactors lists EMAIL_OTP for a user with a verified e-mail', async () => {
    await newUser('otp-factors@example.com');
    const challenge = await preferEmail('otp-factors@example.com');
    const tokens = await answerCode(challenge, await mailedCode(t, 'otp-factors@example.com'));
    const factors = await sdk.send(
      new GetUserAuthFactorsCommand({ AccessToken: tokens.AuthenticationResult!.AccessToken! }),
    );
    expect(factors.ConfiguredUserAuthFactors).toEqual(['PASSWORD', 'EMAIL_OTP']);
  });

  it('an unknown user (LEGACY) is UserNotFoundException, and nothing is mailed', async () => {
    expect(await failure(preferEmail('otp-ghost@example.com'))).toMatchObject({
      name: 'UserNotFoundException',
    });
    expect(await latestMail(t.app, 'otp-ghost@example.com')).toBeUndefined();
  });
});

describe('IDENTITY_EMAIL_OTP_SIGN_IN and PreventUserExistenceErrors', () => {
  let off: TestApp;
  let hidden: TestApp;
  beforeAll(async () => {
    off = await buildTestApp({ IDENTITY_EMAIL_OTP_SIGN_IN: 'off' }, { listen: true, database: t.database });
    hidden = await buildTestApp(
      { IDENTITY_EMAIL_OTP_SIGN_IN: 'on', IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'ENABLED' },
      { listen: true, database: t.database },
    );
  });
  afterAll(async () => {
    await Promise.all([off?.close(), hidden?.close()]);
  });

  it('off: EMAIL_OTP is neither offered nor accepted as a preference or an answer, nor listed as a factor', async () => {
    await newUser('otp-off@example.com');
    const pool = userClient(off.url!, off.config);
    const notEnabled = {
      name: 'InvalidParameterException',
      message: 'EMAIL_OTP challenge not enabled for this client',
    };
    expect(await failure(preferEmail('otp-off@example.com', pool))).toEqual(notEnabled);
    const select = await userAuth({ USERNAME: 'otp-off@example.com' }, pool);
    expect(select.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP']);
    expect(
      await failure(
        respond(
          'SELECT_CHALLENGE',
          select.Session,
          { ANSWER: 'EMAIL_OTP', USERNAME: 'otp-off@example.com' },
          pool,
        ),
      ),
    ).toEqual(notEnabled);
    const tokens = await userAuth(
      { USERNAME: 'otp-off@example.com', PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD },
      pool,
    );
    const factors = await pool.send(
      new GetUserAuthFactorsCommand({ AccessToken: tokens.AuthenticationResult!.AccessToken! }),
    );
    expect(factors.ConfiguredUserAuthFactors).toEqual(['PASSWORD']);
  });

  it('ENABLED: an unknown user gets the same EMAIL_OTP challenge shape, nothing is mailed, every code is wrong', async () => {
    await newUser('otp-real@example.com');
    const pool = userClient(hidden.url!, hidden.config);
    const [ghost, real] = [
      await preferEmail('otp-nobody@example.com', pool),
      await preferEmail('otp-real@example.com', pool),
    ];
    const shape = (res: InitiateAuthCommandOutput) => ({
      ChallengeName: res.ChallengeName,
      parameters: Object.keys(res.ChallengeParameters ?? {}).sort(),
      destination: res.ChallengeParameters?.CODE_DELIVERY_DESTINATION,
      userIdLength: res.ChallengeParameters?.USER_ID_FOR_SRP?.length,
      sessionLength: res.Session?.length,
    });
    expect(shape(ghost)).toEqual(shape(real));
    expect(await latestMail(hidden.app, 'otp-nobody@example.com')).toBeUndefined();
    expect(await failure(answerCode(ghost, '123456', pool))).toEqual(mismatch);
    expect(
      await failure(
        respond(
          'EMAIL_OTP',
          ghost.Session,
          { USERNAME: 'otp-nobody@example.com', EMAIL_OTP_CODE: '123456' },
          pool,
        ),
      ),
    ).toEqual(mismatch);

    const [ghostSelect, realSelect] = [
      await userAuth({ USERNAME: 'otp-nobody@example.com' }, pool),
      await userAuth({ USERNAME: 'otp-real@example.com' }, pool),
    ];
    expect(ghostSelect.AvailableChallenges).toEqual(realSelect.AvailableChallenges);
    expect(ghostSelect.AvailableChallenges).toContain('EMAIL_OTP');
    const ghostAnswer = await respond(
      'SELECT_CHALLENGE',
      ghostSelect.Session,
      { ANSWER: 'EMAIL_OTP', USERNAME: 'otp-nobody@example.com' },
      pool,
    );
    expect(shape(ghostAnswer)).toEqual(shape(real));
    expect(await failure(answerCode(ghostAnswer, '123456', pool))).toEqual(mismatch);
  });
});
