import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { secondFactorsOf } from '../../src/services/identity/mfa/second-factors.ts';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { srpClient } from '../../testkit/srp-client.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestMail } from './mailbox.ts';
import { fixedClock } from './mfa-clock.ts';
import { adminClient, failure, userClient } from './pool-clients.ts';

/** TOTP and e-mail codes through the unmodified AWS SDK, on a fixed clock (issue 25 items 1, 2, 9). */
let t: TestApp;
let sdk: ReturnType<typeof userClient>;
let admin: ReturnType<typeof adminClient>;
let clock: ReturnType<typeof fixedClock>;
beforeAll(async () => {
  t = await buildTestApp({}, { listen: true });
  sdk = userClient(t.url!, t.config);
  admin = adminClient(t.url!, t.config, t.app.identityAdminCredentials);
});
afterAll(() => t.close());
beforeEach(() => {
  clock = fixedClock();
});
afterEach(() => clock.restore());

const PASSWORD = 'Passw0rdOk';
const ClientId = () => t.config.COGNITO_CLIENT_ID;
const UserPoolId = () => t.config.COGNITO_USER_POOL_ID;

const newUser = (email: string, locale = 'en') =>
  createPoolUser(t.app.db, { email, password: PASSWORD, temporary: false, locale }, t.config);

const passwordAuth = (email: string, password = PASSWORD) =>
  sdk.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: ClientId(),
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

const answer = (challenge: InitiateAuthCommandOutput, responses: Record<string, string>) =>
  sdk.send(
    new RespondToAuthChallengeCommand({
      ClientId: ClientId(),
      ChallengeName: challenge.ChallengeName,
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: challenge.ChallengeParameters!.USER_ID_FOR_SRP!, ...responses },
    }),
  );

async function accessTokenOf(email: string): Promise<string> {
  const res = await passwordAuth(email);
  if (!res.AuthenticationResult?.AccessToken) throw new Error(`no tokens for ${email}: ${res.ChallengeName}`);
  return res.AuthenticationResult.AccessToken;
}

/** Sets up TOTP the way the profile screen will: associate, verify a code, make it preferred. */
async function withTotp(email: string): Promise<string> {
  await newUser(email);
  const AccessToken = await accessTokenOf(email);
  const { SecretCode } = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  await sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: clock.code(SecretCode!) }));
  await sdk.send(
    new SetUserMFAPreferenceCommand({
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  // The verification used this step's code; the next sign-in's code is a later step's.
  clock.nextStep();
  return SecretCode!;
}

const setAdminPreference = (email: string, settings: object) =>
  admin.send(
    new AdminSetUserMFAPreferenceCommand({ UserPoolId: UserPoolId(), Username: email, ...settings }),
  );

async function mailedCode(email: string): Promise<string> {
  const code = (await latestMail(t.app, email))?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const mismatch = {
  name: 'CodeMismatchException',
  message: 'Invalid verification code provided, please try again.',
};

describe('TOTP setup (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference)', () => {
  it('associates a seed, refuses a wrong code, verifies a right one, and reports the preference', async () => {
    await newUser('totp-setup@example.com');
    const AccessToken = await accessTokenOf('totp-setup@example.com');
    expect(await sdk.send(new GetUserCommand({ AccessToken }))).toMatchObject({ UserMFASettingList: [] });
    const { SecretCode } = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    expect(SecretCode).toMatch(/^[A-Z2-7]{32}$/);

    expect(
      await failure(
        sdk.send(
          new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true } }),
        ),
      ),
    ).toEqual({ name: 'InvalidParameterException', message: 'User has not verified software token mfa' });
    const wrong = clock.code(SecretCode!, 3);
    expect(await failure(sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: wrong })))).toEqual(
      {
        name: 'EnableSoftwareTokenMFAException',
        message: 'Code mismatch and fail enable Software Token MFA',
      },
    );
    // A code of the step before is still accepted (±1 step of drift).
    const verified = await sdk.send(
      new VerifySoftwareTokenCommand({
        AccessToken,
        UserCode: clock.code(SecretCode!, -1),
        FriendlyDeviceName: 'My phone',
      }),
    );
    expect(verified.Status).toBe('SUCCESS');
    await sdk.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const me = await sdk.send(new GetUserCommand({ AccessToken }));
    expect(me).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    });
    const byAdmin = await admin.send(
      new AdminGetUserCommand({ UserPoolId: UserPoolId(), Username: 'totp-setup@example.com' }),
    );
    expect(byAdmin).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    });
    // Stored sealed, never in the clear; and never returned again.
    const row = await t.app.db
      .selectFrom('identity_user_mfa')
      .selectAll()
      .where('sub', '=', me.Username!)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(SecretCode);
    expect(row.totp_device_name).toBe('My phone');
    expect(JSON.stringify(me)).not.toContain(SecretCode);
    expect(await secondFactorsOf(t.app.db, me.Username!)).toEqual({
      enabled: true,
      methods: ['SOFTWARE_TOKEN_MFA'],
      preferred: 'SOFTWARE_TOKEN_MFA',
    });
  });

  it('turning TOTP off clears the preference, and signs in with the password alone again', async () => {
    await withTotp('totp-off@example.com');
    await setAdminPreference('totp-off@example.com', { SoftwareTokenMfaSettings: { Enabled: false } });
    const res = await passwordAuth('totp-off@example.com');
    expect(res.AuthenticationResult?.AccessToken).toBeTruthy();
    const me = await sdk.send(new GetUserCommand({ AccessToken: res.AuthenticationResult!.AccessToken! }));
    expect(me.UserMFASettingList).toEqual([]);
    expect(me.PreferredMfaSetting).toBeUndefined();
  });

  it('refuses bad preference requests with InvalidParameterException', async () => {
    await newUser('pref-bad@example.com');
    const AccessToken = await accessTokenOf('pref-bad@example.com');
    const set = (settings: object) =>
      failure(sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, ...settings })));
    expect((await set({ EmailMfaSettings: { Enabled: false, PreferredMfa: true } })).name).toBe(
      'InvalidParameterException',
    );
    expect((await set({ SMSMfaSettings: { Enabled: true } })).name).toBe('InvalidParameterException');
    expect(
      (
        await set({
          EmailMfaSettings: { Enabled: true, PreferredMfa: true },
          SoftwareTokenMfaSettings: { PreferredMfa: true },
        })
      ).name,
    ).toBe('InvalidParameterException');
    expect(
      await failure(sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: '12345' }))),
    ).toMatchObject({ name: 'InvalidParameterException' });
  });
});

describe('sign-in with TOTP', () => {
  it('USER_PASSWORD_AUTH: SOFTWARE_TOKEN_MFA with a Session; a wrong code, then the right one; the code works once', async () => {
    const secret = await withTotp('totp-pw@example.com');
    const challenge = await passwordAuth('totp-pw@example.com');
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.Session?.length).toBeGreaterThanOrEqual(20);
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(await failure(answer(challenge, { SOFTWARE_TOKEN_MFA_CODE: clock.code(secret, 5) }))).toEqual(
      mismatch,
    );
    // The Session survives a wrong code.
    const code = clock.code(secret);
    const done = await answer(challenge, { SOFTWARE_TOKEN_MFA_CODE: code });
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(done.ChallengeParameters).toEqual({});
    // The Session is used up, and the same code (or an earlier one) does not sign in again.
    expect(await failure(answer(challenge, { SOFTWARE_TOKEN_MFA_CODE: code }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    const again = await passwordAuth('totp-pw@example.com');
    expect(await failure(answer(again, { SOFTWARE_TOKEN_MFA_CODE: code }))).toEqual(mismatch);
    expect(await failure(answer(again, { SOFTWARE_TOKEN_MFA_CODE: clock.code(secret, -1) }))).toEqual(
      mismatch,
    );
    // The next step's code works (±1 step).
    expect(
      (await answer(again, { SOFTWARE_TOKEN_MFA_CODE: clock.code(secret, 1) })).AuthenticationResult,
    ).toBeTruthy();
  });

  it('one code answered on two sign-ins at once signs in only one of them', async () => {
    const secret = await withTotp('totp-race@example.com');
    const [a, b] = await Promise.all([
      passwordAuth('totp-race@example.com'),
      passwordAuth('totp-race@example.com'),
    ]);
    const code = clock.code(secret);
    const results = await Promise.allSettled([
      answer(a!, { SOFTWARE_TOKEN_MFA_CODE: code }),
      answer(b!, { SOFTWARE_TOKEN_MFA_CODE: code }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject(mismatch);
  });

  it('SRP: PASSWORD_VERIFIER is followed by SOFTWARE_TOKEN_MFA', async () => {
    const secret = await withTotp('totp-srp@example.com');
    const srp = srpClient(UserPoolId());
    const start = await sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: ClientId(),
        AuthParameters: { USERNAME: 'totp-srp@example.com', SRP_A: srp.SRP_A },
      }),
    );
    const verifier = await sdk.send(
      new RespondToAuthChallengeCommand({
        ClientId: ClientId(),
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeResponses: srp.passwordClaim(start.ChallengeParameters!, PASSWORD),
      }),
    );
    expect(verifier.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(verifier.Session).toBeTruthy();
    const done = await answer(verifier, { SOFTWARE_TOKEN_MFA_CODE: clock.code(secret) });
    expect(done.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('USER_AUTH with PREFERRED_CHALLENGE PASSWORD: SOFTWARE_TOKEN_MFA too', async () => {
    const secret = await withTotp('totp-ua@example.com');
    const challenge = await sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_AUTH',
        ClientId: ClientId(),
        AuthParameters: { USERNAME: 'totp-ua@example.com', PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD },
      }),
    );
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(
      (await answer(challenge, { SOFTWARE_TOKEN_MFA_CODE: clock.code(secret) })).AuthenticationResult,
    ).toBeTruthy();
  });

  it('locks after five wrong codes like five wrong passwords; proving the password again does not reset the count', async () => {
    const secret = await withTotp('totp-lock@example.com');
    const first = await passwordAuth('totp-lock@example.com');
    for (let i = 0; i < 4; i++) {
      expect(await failure(answer(first, { SOFTWARE_TOKEN_MFA_CODE: '000000' }))).toEqual(mismatch);
    }
    const second = await passwordAuth('totp-lock@example.com');
    expect(await failure(answer(second, { SOFTWARE_TOKEN_MFA_CODE: '000000' }))).toEqual(mismatch);
    // Locked now (1 s): even the right code is refused, and not counted.
    expect(await failure(answer(second, { SOFTWARE_TOKEN_MFA_CODE: clock.code(secret) }))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    clock.advance(1_500);
    expect(
      (await answer(second, { SOFTWARE_TOKEN_MFA_CODE: clock.code(secret) })).AuthenticationResult,
    ).toBeTruthy();
  });

  it('an empty code is InvalidParameterException and does not count toward the lockout (SPEC §5)', async () => {
    const secret = await withTotp('totp-empty@example.com');
    const challenge = await passwordAuth('totp-empty@example.com');
    for (let i = 0; i < 6; i++) {
      expect(await failure(answer(challenge, { SOFTWARE_TOKEN_MFA_CODE: '' }))).toEqual({
        name: 'InvalidParameterException',
        message: 'Missing required parameter SOFTWARE_TOKEN_MFA_CODE',
      });
    }
    expect(
      (await answer(challenge, { SOFTWARE_TOKEN_MFA_CODE: clock.code(secret) })).AuthenticationResult,
    ).toBeTruthy();
  });

  it('a Session older than IDENTITY_AUTH_SESSION_SECONDS is refused as expired', async () => {
    const secret = await withTotp('totp-late@example.com');
    const challenge = await passwordAuth('totp-late@example.com');
    clock.advance((t.config.IDENTITY_AUTH_SESSION_SECONDS + 1) * 1000);
    expect(await failure(answer(challenge, { SOFTWARE_TOKEN_MFA_CODE: clock.code(secret) }))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });
});

describe('sign-in with an e-mailed code (EMAIL_OTP)', () => {
  it('mails a 6-digit code in the user’s language, masks the destination, and takes the code once', async () => {
    const { sub } = await newUser('mail-otp@example.com', 'zh-TW');
    await setAdminPreference('mail-otp@example.com', { EmailMfaSettings: { Enabled: true } });
    const challenge = await passwordAuth('mail-otp@example.com');
    expect(challenge.ChallengeName).toBe('EMAIL_OTP');
    expect(challenge.Session).toBeTruthy();
    expect(challenge.ChallengeParameters).toMatchObject({
      CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
      CODE_DELIVERY_DESTINATION: 'm***@e***',
    });
    const mail = await latestMail(t.app, 'mail-otp@example.com');
    expect(mail).toMatchObject({ template: 'sign-in-code', locale: 'zh-TW' });
    expect(mail?.subject).toContain('登入驗證碼');
    expect(mail?.text).toContain('5 分鐘');
    const code = await mailedCode('mail-otp@example.com');
    const stored = await t.app.db
      .selectFrom('identity_mfa_email_codes')
      .selectAll()
      .where('sub', '=', sub)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    const wrong = code === '123456' ? '654321' : '123456';
    expect(await failure(answer(challenge, { EMAIL_OTP_CODE: wrong }))).toEqual(mismatch);
    expect(
      (await answer(challenge, { EMAIL_OTP_CODE: code })).AuthenticationResult?.AccessToken,
    ).toBeTruthy();
    // Single use: the next sign-in mails a new code, and the old one is refused.
    clock.advance(1_000); // the mailbox lists the newest first, by the (fixed) clock
    const next = await passwordAuth('mail-otp@example.com');
    const nextCode = await mailedCode('mail-otp@example.com');
    if (nextCode !== code) expect(await failure(answer(next, { EMAIL_OTP_CODE: code }))).toEqual(mismatch);
    expect((await answer(next, { EMAIL_OTP_CODE: nextCode })).AuthenticationResult).toBeTruthy();
  });

  it('mails at most IDENTITY_CODE_ATTEMPTS_PER_HOUR codes an hour per account, then LimitExceededException', async () => {
    await newUser('mail-flood@example.com');
    await setAdminPreference('mail-flood@example.com', { EmailMfaSettings: { Enabled: true } });
    for (let i = 0; i < t.config.IDENTITY_CODE_ATTEMPTS_PER_HOUR; i++) {
      expect((await passwordAuth('mail-flood@example.com')).ChallengeName).toBe('EMAIL_OTP');
    }
    expect(await failure(passwordAuth('mail-flood@example.com'))).toEqual({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    clock.advance(3_600_000);
    expect((await passwordAuth('mail-flood@example.com')).ChallengeName).toBe('EMAIL_OTP');
  });

  it('with both methods on and none preferred, SELECT_MFA_TYPE; the answer leads to its code challenge', async () => {
    const secret = await withTotp('select@example.com');
    await setAdminPreference('select@example.com', {
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
      EmailMfaSettings: { Enabled: true },
    });
    const select = await passwordAuth('select@example.com');
    expect(select.ChallengeName).toBe('SELECT_MFA_TYPE');
    expect(select.Session).toBeTruthy();
    expect(JSON.parse(select.ChallengeParameters!.MFAS_CAN_CHOOSE!)).toEqual([
      'SOFTWARE_TOKEN_MFA',
      'EMAIL_OTP',
    ]);
    expect(await failure(answer(select, { ANSWER: 'SMS_MFA' }))).toMatchObject({
      name: 'InvalidParameterException',
    });
    const email = await answer(select, { ANSWER: 'EMAIL_OTP' });
    expect(email.ChallengeName).toBe('EMAIL_OTP');
    expect(
      (await answer(email, { EMAIL_OTP_CODE: await mailedCode('select@example.com') })).AuthenticationResult,
    ).toBeTruthy();
    const again = await passwordAuth('select@example.com');
    const totp = await answer(again, { ANSWER: 'SOFTWARE_TOKEN_MFA' });
    expect(totp.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(
      (await answer(totp, { SOFTWARE_TOKEN_MFA_CODE: clock.code(secret) })).AuthenticationResult,
    ).toBeTruthy();
  });
});

describe('IDENTITY_MFA', () => {
  let on: TestApp;
  let off: TestApp;
  let shortCodes: TestApp;
  beforeAll(async () => {
    on = await buildTestApp({ IDENTITY_MFA: 'on' }, { listen: true, database: t.database });
    off = await buildTestApp({ IDENTITY_MFA: 'off' }, { listen: true, database: t.database });
    shortCodes = await buildTestApp(
      { IDENTITY_MFA_CODE_SECONDS: '60' },
      { listen: true, database: t.database },
    );
  });
  afterAll(async () => {
    await Promise.all([on?.close(), off?.close(), shortCodes?.close()]);
  });

  it('on: a user without a factor goes through MFA_SETUP (AssociateSoftwareToken and VerifySoftwareToken with the Session)', async () => {
    await newUser('setup@example.com');
    const pool = userClient(on.url!, on.config);
    const setup = await pool.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: ClientId(),
        AuthParameters: { USERNAME: 'setup@example.com', PASSWORD },
      }),
    );
    expect(setup.ChallengeName).toBe('MFA_SETUP');
    expect(JSON.parse(setup.ChallengeParameters!.MFAS_CAN_SETUP!)).toEqual([
      'SOFTWARE_TOKEN_MFA',
      'EMAIL_OTP',
    ]);
    // Not yet verified: the setup cannot be finished.
    expect(
      await failure(
        pool.send(
          new RespondToAuthChallengeCommand({
            ClientId: ClientId(),
            ChallengeName: 'MFA_SETUP',
            Session: setup.Session,
            ChallengeResponses: { USERNAME: 'setup@example.com' },
          }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidParameterException' });
    const associated = await pool.send(new AssociateSoftwareTokenCommand({ Session: setup.Session }));
    expect(associated.Session).toBeTruthy();
    expect(associated.Session).not.toBe(setup.Session);
    expect(
      await failure(
        pool.send(
          new VerifySoftwareTokenCommand({
            Session: associated.Session,
            UserCode: clock.code(associated.SecretCode!, 4),
          }),
        ),
      ),
    ).toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
    const verified = await pool.send(
      new VerifySoftwareTokenCommand({
        Session: associated.Session,
        UserCode: clock.code(associated.SecretCode!),
      }),
    );
    expect(verified).toMatchObject({ Status: 'SUCCESS', Session: expect.any(String) });
    const done = await pool.send(
      new RespondToAuthChallengeCommand({
        ClientId: ClientId(),
        ChallengeName: 'MFA_SETUP',
        Session: verified.Session,
        ChallengeResponses: { USERNAME: 'setup@example.com' },
      }),
    );
    const AccessToken = done.AuthenticationResult!.AccessToken!;
    expect(await pool.send(new GetUserCommand({ AccessToken }))).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    });
    // The old Sessions are used up.
    expect(
      await failure(pool.send(new AssociateSoftwareTokenCommand({ Session: setup.Session }))),
    ).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('off: no second step even for a user with TOTP on, and no new TOTP setup', async () => {
    await withTotp('mfa-off@example.com');
    const pool = userClient(off.url!, off.config);
    const res = await pool.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: ClientId(),
        AuthParameters: { USERNAME: 'mfa-off@example.com', PASSWORD },
      }),
    );
    expect(res.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(
      await failure(
        pool.send(new AssociateSoftwareTokenCommand({ AccessToken: res.AuthenticationResult!.AccessToken! })),
      ),
    ).toEqual({
      name: 'SoftwareTokenMFANotFoundException',
      message: 'Software Token MFA has not been enabled by the userPool.',
    });
  });

  it('an e-mailed code past IDENTITY_MFA_CODE_SECONDS is ExpiredCodeException while the Session lives', async () => {
    await newUser('mail-late@example.com');
    await setAdminPreference('mail-late@example.com', { EmailMfaSettings: { Enabled: true } });
    const pool = userClient(shortCodes.url!, shortCodes.config);
    const challenge = await pool.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: ClientId(),
        AuthParameters: { USERNAME: 'mail-late@example.com', PASSWORD },
      }),
    );
    const code = await mailedCode('mail-late@example.com');
    clock.advance(61_000);
    expect(
      await failure(
        pool.send(
          new RespondToAuthChallengeCommand({
            ClientId: ClientId(),
            ChallengeName: 'EMAIL_OTP',
            Session: challenge.Session,
            ChallengeResponses: { USERNAME: 'mail-late@example.com', EMAIL_OTP_CODE: code },
          }),
        ),
      ),
    ).toEqual({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
  });
});
