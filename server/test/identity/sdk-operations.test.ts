import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestMail, latestResetCode } from './mailbox.ts';
import { adminClient, failure, userClient } from './pool-clients.ts';

let t: TestApp;
let sdk: ReturnType<typeof userClient>;
let admin: ReturnType<typeof adminClient>;
beforeAll(async () => {
  t = await buildTestApp({ IDENTITY_CODE_ATTEMPTS_PER_HOUR: '8' }, { listen: true });
  sdk = userClient(t.url!, t.config);
  admin = adminClient(t.url!, t.config, t.app.identityAdminCredentials);
});
afterAll(() => t.close());

const ClientId = () => t.config.COGNITO_CLIENT_ID;
const UserPoolId = () => t.config.COGNITO_USER_POOL_ID;
const PASSWORD = 'Passw0rdOk';

async function signIn(email: string, password = PASSWORD) {
  const res = await sdk.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: ClientId(),
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const result = res.AuthenticationResult;
  if (!result?.AccessToken || !result.RefreshToken) throw new Error('no tokens');
  return { access: result.AccessToken, refresh: result.RefreshToken, id: result.IdToken! };
}

const newUser = (email: string, extra: { temporary?: boolean; locale?: string } = {}) =>
  createPoolUser(
    t.app.db,
    { email, password: PASSWORD, temporary: extra.temporary ?? false, locale: extra.locale },
    t.config,
  );

const refreshBy = {
  REFRESH_TOKEN_AUTH: (token: string) =>
    sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: ClientId(),
        AuthParameters: { REFRESH_TOKEN: token },
      }),
    ),
  REFRESH_TOKEN: (token: string) =>
    sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN',
        ClientId: ClientId(),
        AuthParameters: { REFRESH_TOKEN: token },
      }),
    ),
  GetTokensFromRefreshToken: (token: string) =>
    sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: ClientId(), RefreshToken: token })),
};

describe('refresh and revocation', () => {
  it('refreshes by all three routes without rotating the refresh token', async () => {
    await newUser('r1@example.com');
    const tokens = await signIn('r1@example.com');
    for (const refresh of Object.values(refreshBy)) {
      const res = await refresh(tokens.refresh);
      expect(res.AuthenticationResult?.AccessToken).toBeTruthy();
      expect(res.AuthenticationResult?.IdToken).toBeTruthy();
      expect(res.AuthenticationResult?.RefreshToken).toBeUndefined();
    }
    expect(await failure(refreshBy.GetTokensFromRefreshToken('not-a-token'))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
  });

  it('RevokeToken revokes the refresh token and the access tokens of that sign-in only', async () => {
    await newUser('r2@example.com');
    const first = await signIn('r2@example.com');
    const second = await signIn('r2@example.com');
    await sdk.send(new RevokeTokenCommand({ ClientId: ClientId(), Token: first.refresh }));
    expect(await failure(refreshBy.REFRESH_TOKEN_AUTH(first.refresh))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    expect(await failure(sdk.send(new GetUserCommand({ AccessToken: first.access })))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    expect((await sdk.send(new GetUserCommand({ AccessToken: second.access }))).Username).toBeTruthy();
    expect(
      await failure(sdk.send(new RevokeTokenCommand({ ClientId: ClientId(), Token: second.access }))),
    ).toMatchObject({
      name: 'UnsupportedTokenTypeException',
    });
  });

  it('GlobalSignOut and AdminUserGlobalSignOut revoke every sign-in', async () => {
    await newUser('r3@example.com');
    const a = await signIn('r3@example.com');
    const b = await signIn('r3@example.com');
    await sdk.send(new GlobalSignOutCommand({ AccessToken: a.access }));
    for (const token of [a, b]) {
      expect((await failure(refreshBy.GetTokensFromRefreshToken(token.refresh))).message).toBe(
        'Refresh Token has been revoked',
      );
    }
    const c = await signIn('r3@example.com');
    await admin.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: UserPoolId(), Username: 'r3@example.com' }),
    );
    expect((await failure(sdk.send(new GetUserCommand({ AccessToken: c.access })))).message).toBe(
      'Access Token has been revoked',
    );
    expect(await t.app.sessionVerifier.verify(c.id).catch(() => 'refused')).toBe('refused');
  });

  it('refuses garbage access tokens', async () => {
    expect(await failure(sdk.send(new GetUserCommand({ AccessToken: 'a.b.c' })))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
  });
});

describe('password reset', () => {
  it('mails a code in the user language and confirms it', async () => {
    await newUser('f1@example.com', { locale: 'zh-TW' });
    const res = await sdk.send(
      new ForgotPasswordCommand({ ClientId: ClientId(), Username: 'F1@example.com' }),
    );
    expect(res.CodeDeliveryDetails).toEqual({
      Destination: 'f***@e***',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    const mail = await latestMail(t.app, 'f1@example.com');
    expect(mail?.locale).toBe('zh-TW');
    expect(mail?.subject).toContain('密碼重設驗證碼');
    const code = await latestResetCode(t.app, 'f1@example.com');
    const confirm = (ConfirmationCode: string, Password: string) =>
      sdk.send(
        new ConfirmForgotPasswordCommand({
          ClientId: ClientId(),
          Username: 'f1@example.com',
          ConfirmationCode,
          Password,
        }),
      );
    expect(await failure(confirm(code, 'nouppercase1'))).toEqual({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    await confirm(code, 'Brand0New');
    await signIn('f1@example.com', 'Brand0New');
    expect(await failure(confirm(code, 'Brand0New2'))).toEqual({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
  });

  it('refuses unknown users and users still on a temporary password', async () => {
    expect(
      await failure(
        sdk.send(new ForgotPasswordCommand({ ClientId: ClientId(), Username: 'none@example.com' })),
      ),
    ).toEqual({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
    await newUser('f2@example.com', { temporary: true });
    expect(
      await failure(
        sdk.send(new ForgotPasswordCommand({ ClientId: ClientId(), Username: 'f2@example.com' })),
      ),
    ).toEqual({
      name: 'NotAuthorizedException',
      message: 'User password cannot be reset in the current state.',
    });
  });

  it("limits one address's requests and code entries per hour to half the account's allowance", async () => {
    await newUser('f3@example.com');
    const ask = () =>
      sdk.send(new ForgotPasswordCommand({ ClientId: ClientId(), Username: 'f3@example.com' }));
    await ask();
    const guess = () =>
      sdk.send(
        new ConfirmForgotPasswordCommand({
          ClientId: ClientId(),
          Username: 'f3@example.com',
          ConfirmationCode: '999999',
          Password: 'Brand0New',
        }),
      );
    for (let i = 0; i < 3; i++) expect((await failure(guess())).name).toBe('CodeMismatchException');
    expect(await failure(guess())).toEqual({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    expect((await failure(ask())).name).toBe('LimitExceededException');
  });
  it('refuses an empty or blank code with InvalidParameterException before it counts as an attempt', async () => {
    await newUser('f4@example.com');
    await sdk.send(new ForgotPasswordCommand({ ClientId: ClientId(), Username: 'f4@example.com' }));
    const code = await latestResetCode(t.app, 'f4@example.com');
    const confirm = (ConfirmationCode: string) =>
      sdk.send(
        new ConfirmForgotPasswordCommand({
          ClientId: ClientId(),
          Username: 'f4@example.com',
          ConfirmationCode,
          Password: 'Brand0New',
        }),
      );
    // More than this address's share of the allowance (4 of 8): none of them is counted.
    for (let i = 0; i < 5; i++) {
      expect(await failure(confirm(''))).toEqual({
        name: 'InvalidParameterException',
        message:
          "1 validation error detected: Value at 'confirmationCode' failed to satisfy constraint: Member must have length greater than or equal to 1",
      });
      expect(await failure(confirm('  '))).toEqual({
        name: 'InvalidParameterException',
        message:
          "1 validation error detected: Value at 'confirmationCode' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\S]+",
      });
    }
    await confirm(code);
    await signIn('f4@example.com', 'Brand0New');
  });
});

describe('ChangePassword', () => {
  it('checks the previous password and the policy, and limits repeated failures', async () => {
    await newUser('c1@example.com');
    const { access } = await signIn('c1@example.com');
    const change = (PreviousPassword: string, ProposedPassword: string) =>
      sdk.send(new ChangePasswordCommand({ AccessToken: access, PreviousPassword, ProposedPassword }));
    expect(await failure(change(PASSWORD, 'has space1A'))).toMatchObject({
      name: 'InvalidPasswordException',
    });
    await change(PASSWORD, 'Second0ne');
    for (let i = 0; i < 5; i++)
      expect((await failure(change('Wr0ngOne', 'Third0ne'))).name).toBe('NotAuthorizedException');
    expect(await failure(change('Second0ne', 'Third0ne'))).toEqual({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
  });

  it('refuses an empty previous password with InvalidParameterException, not counted as a wrong one', async () => {
    await newUser('c2@example.com');
    const { access } = await signIn('c2@example.com');
    const change = (PreviousPassword: string, ProposedPassword: string) =>
      sdk.send(new ChangePasswordCommand({ AccessToken: access, PreviousPassword, ProposedPassword }));
    // More than the five wrong ones that lock the change.
    for (let i = 0; i < 6; i++) {
      expect(await failure(change('', 'Second0ne'))).toEqual({
        name: 'InvalidParameterException',
        message:
          "1 validation error detected: Value at 'previousPassword' failed to satisfy constraint: Member must have length greater than or equal to 1",
      });
    }
    await change(PASSWORD, 'Second0ne');
    await signIn('c2@example.com', 'Second0ne');
  });
});

describe('admin operations', () => {
  it('creates a user, mails the invitation, and refuses a duplicate', async () => {
    const res = await admin.send(
      new AdminCreateUserCommand({
        UserPoolId: UserPoolId(),
        Username: 'invitee@example.com',
        UserAttributes: [
          { Name: 'name', Value: 'Ivy' },
          { Name: 'locale', Value: 'zh-TW' },
        ],
      }),
    );
    expect(res.User).toMatchObject({ Enabled: true, UserStatus: 'FORCE_CHANGE_PASSWORD' });
    expect(res.User?.UserCreateDate).toBeInstanceOf(Date);
    expect(res.User?.Attributes).toContainEqual({ Name: 'name', Value: 'Ivy' });
    const mail = await latestMail(t.app, 'invitee@example.com');
    expect(mail?.template).toBe('temporary-password');
    const temporary = mail?.text.match(/臨時密碼：(\S+)/)?.[1];
    expect(temporary).toBeTruthy();
    const challenge = await sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: ClientId(),
        AuthParameters: { USERNAME: 'invitee@example.com', PASSWORD: temporary! },
      }),
    );
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(JSON.parse(challenge.ChallengeParameters!.userAttributes!)).toMatchObject({
      email: 'invitee@example.com',
      name: 'Ivy',
    });

    expect(
      await failure(
        admin.send(new AdminCreateUserCommand({ UserPoolId: UserPoolId(), Username: 'Invitee@example.com' })),
      ),
    ).toEqual({ name: 'UsernameExistsException', message: 'User account already exists' });
    expect(
      await failure(
        admin.send(
          new AdminCreateUserCommand({
            UserPoolId: UserPoolId(),
            Username: 'weak@example.com',
            TemporaryPassword: 'weak',
          }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidPasswordException' });
    expect(
      await failure(
        admin.send(new AdminCreateUserCommand({ UserPoolId: 'us-west-2_Other', Username: 'x@example.com' })),
      ),
    ).toEqual({ name: 'ResourceNotFoundException', message: 'User pool us-west-2_Other does not exist.' });
  });

  it('RESEND gives a new temporary password and refuses users not on one', async () => {
    await newUser('resend@example.com', { temporary: true });
    await admin.send(
      new AdminCreateUserCommand({
        UserPoolId: UserPoolId(),
        Username: 'resend@example.com',
        MessageAction: 'RESEND',
        TemporaryPassword: 'Resent0ne',
      }),
    );
    expect((await latestMail(t.app, 'resend@example.com'))?.text).toContain('Resent0ne');
    expect((await failure(signIn('resend@example.com', PASSWORD))).name).toBe('NotAuthorizedException');
    await newUser('confirmed@example.com');
    expect(
      await failure(
        admin.send(
          new AdminCreateUserCommand({
            UserPoolId: UserPoolId(),
            Username: 'confirmed@example.com',
            MessageAction: 'RESEND',
          }),
        ),
      ),
    ).toMatchObject({ name: 'UnsupportedUserStateException' });
    expect(
      await failure(
        admin.send(
          new AdminCreateUserCommand({
            UserPoolId: UserPoolId(),
            Username: 'ghost@example.com',
            MessageAction: 'RESEND',
          }),
        ),
      ),
    ).toEqual({ name: 'UserNotFoundException', message: 'User does not exist.' });
  });

  it('reads, updates, sets the password of and deletes a user', async () => {
    const { sub } = await newUser('managed@example.com');
    const get = () =>
      admin.send(new AdminGetUserCommand({ UserPoolId: UserPoolId(), Username: 'managed@example.com' }));
    expect(await get()).toMatchObject({ Username: sub, UserStatus: 'CONFIRMED', Enabled: true });
    await admin.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: UserPoolId(),
        Username: sub,
        UserAttributes: [{ Name: 'name', Value: 'Max' }],
      }),
    );
    expect((await get()).UserAttributes).toContainEqual({ Name: 'name', Value: 'Max' });
    expect(
      await failure(
        admin.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: UserPoolId(),
            Username: sub,
            UserAttributes: [{ Name: 'email', Value: 'invitee@example.com' }],
          }),
        ),
      ),
    ).toEqual({ name: 'AliasExistsException', message: 'An account with the given email already exists.' });

    await admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: UserPoolId(),
        Username: sub,
        Password: 'Perm4nent',
        Permanent: true,
      }),
    );
    const tokens = await signIn('managed@example.com', 'Perm4nent');
    await admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: UserPoolId(),
        Username: sub,
        Password: 'Tempor4ry',
        Permanent: false,
      }),
    );
    expect((await get()).UserStatus).toBe('FORCE_CHANGE_PASSWORD');

    await admin.send(new AdminDeleteUserCommand({ UserPoolId: UserPoolId(), Username: sub }));
    expect((await failure(get())).name).toBe('UserNotFoundException');
    expect((await failure(refreshBy.GetTokensFromRefreshToken(tokens.refresh))).name).toBe(
      'NotAuthorizedException',
    );
    expect((await failure(sdk.send(new GetUserCommand({ AccessToken: tokens.access })))).name).toBe(
      'UserNotFoundException',
    );
    expect(await t.app.sessionVerifier.verify(tokens.id).catch(() => 'refused')).toBe('refused');
  });
});
