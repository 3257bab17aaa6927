import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resetPassword,
  signIn,
  signOut,
  updatePassword,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPoolUser, findPoolUser } from '../../src/services/identity/users.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestResetCode } from './mailbox.ts';

/** Amplify keeps tokens in a KeyValueStorage; in Node an in-memory one stands in for localStorage. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
  async clear() {
    this.items.clear();
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ IDENTITY_EMAIL_OTP_SIGN_IN: 'on' }, { listen: true });
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: t.config.COGNITO_USER_POOL_ID,
        userPoolClientId: t.config.COGNITO_CLIENT_ID,
        userPoolEndpoint: `${t.url}/api/identity`,
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(new MemoryStorage());
});
afterAll(() => t.close());
beforeEach(async () => {
  await signOut();
});

const user = (email: string, password = 'Passw0rdOk', temporary = false) =>
  createPoolUser(t.app.db, { email, name: 'Amy', password, temporary }, t.config);

async function currentTokens() {
  const { tokens } = await fetchAuthSession();
  if (!tokens?.idToken) throw new Error('no tokens');
  return { id: tokens.idToken.toString(), access: tokens.accessToken.toString() };
}

const accepted = (token: string) =>
  t.app.sessionVerifier.verify(token).then(
    () => true,
    () => false,
  );

describe('aws-amplify/auth against the embedded pool', () => {
  it('signs in with SRP (the default flow) and reads the user', async () => {
    const { sub } = await user('srp@example.com');
    const result = await signIn({ username: 'srp@example.com', password: 'Passw0rdOk' });
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(await getCurrentUser()).toMatchObject({ username: sub, userId: sub });
    expect(await fetchUserAttributes()).toMatchObject({ email: 'srp@example.com', name: 'Amy', sub });
    const tokens = await currentTokens();
    const id = decodeJwt(tokens.id);
    expect(id).toMatchObject({ token_use: 'id', 'cognito:username': sub, email: 'srp@example.com' });
    expect(id.origin_jti).toEqual(decodeJwt(tokens.access).origin_jti);
    expect(await accepted(tokens.id)).toBe(true);
    expect(await accepted(tokens.access)).toBe(true);
  });

  it('rejects a wrong password in SRP with the exact message', async () => {
    await user('srp-wrong@example.com');
    await expect(
      signIn({ username: 'srp-wrong@example.com', password: 'Wr0ngPassword' }),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('counts failed SRP proofs toward the lockout and refuses SRP during a lock', async () => {
    await user('srp-lock@example.com');
    for (let i = 0; i < 5; i++) {
      await expect(
        signIn({ username: 'srp-lock@example.com', password: 'Wr0ngPassword' }),
      ).rejects.toMatchObject({
        message: 'Incorrect username or password.',
      });
    }
    const locked = await findPoolUser(t.app.db, 'srp-lock@example.com');
    expect(locked?.failed_attempts).toBe(5);
    expect(locked?.locked_until).toBeInstanceOf(Date);
    // Client-side SRP is slow on a busy machine; stretch the lock so that the check does not race it.
    await t.app.db
      .updateTable('identity_users')
      .set({ locked_until: new Date(Date.now() + 60_000) })
      .where('sub', '=', locked!.sub)
      .execute();
    await expect(signIn({ username: 'srp-lock@example.com', password: 'Passw0rdOk' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
  });

  it('signs in with USER_PASSWORD_AUTH', async () => {
    await user('plain@example.com');
    const result = await signIn({
      username: 'plain@example.com',
      password: 'Passw0rdOk',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(result.isSignedIn).toBe(true);
  });

  it('takes a user on a temporary password through NEW_PASSWORD_REQUIRED', async () => {
    await user('first@example.com', 'Temp0rary1', true);
    const step = await signIn({ username: 'first@example.com', password: 'Temp0rary1' });
    expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    await expect(confirmSignIn({ challengeResponse: 'short' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    const done = await confirmSignIn({ challengeResponse: 'MyOwn0Password' });
    expect(done.isSignedIn).toBe(true);
    await signOut();
    expect((await signIn({ username: 'first@example.com', password: 'MyOwn0Password' })).isSignedIn).toBe(
      true,
    );
  });

  it('refreshes with GetTokensFromRefreshToken, keeping origin_jti and auth_time', async () => {
    await user('refresh@example.com');
    await signIn({ username: 'refresh@example.com', password: 'Passw0rdOk' });
    const before = decodeJwt((await currentTokens()).access);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { tokens } = await fetchAuthSession({ forceRefresh: true });
    const after = decodeJwt(tokens!.accessToken.toString());
    expect(after.jti).not.toEqual(before.jti);
    expect(after.iat).toBeGreaterThan(before.iat!);
    expect(after).toMatchObject({ origin_jti: before.origin_jti, auth_time: before.auth_time });
  });

  it('revokes the sign-in on signOut, and services refuse its tokens', async () => {
    await user('bye@example.com');
    await signIn({ username: 'bye@example.com', password: 'Passw0rdOk' });
    const tokens = await currentTokens();
    await signOut();
    expect(await accepted(tokens.id)).toBe(false);
    expect(await accepted(tokens.access)).toBe(false);
  });

  it('revokes every sign-in on a global signOut', async () => {
    await user('global@example.com');
    await signIn({ username: 'global@example.com', password: 'Passw0rdOk' });
    const tokens = await currentTokens();
    await signOut({ global: true });
    expect(await accepted(tokens.access)).toBe(false);
  });

  it('resets a forgotten password with the mailed code', async () => {
    await user('forgot@example.com');
    const step = await resetPassword({ username: 'forgot@example.com' });
    expect(step.nextStep).toMatchObject({
      resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'f***@e***', attributeName: 'email' },
    });
    const code = await latestResetCode(t.app, 'forgot@example.com');
    await expect(
      confirmResetPassword({
        username: 'forgot@example.com',
        confirmationCode: '000000',
        newPassword: 'Rec0vered!',
      }),
    ).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    await confirmResetPassword({
      username: 'forgot@example.com',
      confirmationCode: code,
      newPassword: 'Rec0vered!',
    });
    expect((await signIn({ username: 'forgot@example.com', password: 'Rec0vered!' })).isSignedIn).toBe(true);
  });

  it('changes the password of the signed-in user', async () => {
    await user('change@example.com');
    await signIn({ username: 'change@example.com', password: 'Passw0rdOk' });
    await expect(
      updatePassword({ oldPassword: 'Wr0ngPassword', newPassword: 'Changed0k' }),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await updatePassword({ oldPassword: 'Passw0rdOk', newPassword: 'Changed0k' });
    await signOut();
    expect((await signIn({ username: 'change@example.com', password: 'Changed0k' })).isSignedIn).toBe(true);
  });
});

describe("Amplify's USER_AUTH sign-in (authFlowType 'USER_AUTH')", () => {
  const userAuth = (username: string, password?: string, preferredChallenge?: 'PASSWORD' | 'PASSWORD_SRP') =>
    signIn({ username, password, options: { authFlowType: 'USER_AUTH', preferredChallenge } });

  it('signs in with preferredChallenge PASSWORD and PASSWORD_SRP', async () => {
    const { sub } = await user('amp-ua@example.com');
    expect(await userAuth('amp-ua@example.com', 'Passw0rdOk', 'PASSWORD')).toEqual({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
    expect(await getCurrentUser()).toMatchObject({ username: sub, userId: sub });
    await signOut();
    expect(await userAuth('amp-ua@example.com', 'Passw0rdOk', 'PASSWORD_SRP')).toEqual({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
    expect(await accepted((await currentTokens()).access)).toBe(true);
  });

  it('offers the first-factor selection and completes it with confirmSignIn, for both factors', async () => {
    await user('amp-select@example.com');
    for (const factor of ['PASSWORD', 'PASSWORD_SRP']) {
      await signOut();
      const step = await userAuth('amp-select@example.com');
      expect(step).toEqual({
        isSignedIn: false,
        nextStep: {
          signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
          availableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP'],
        },
      });
      expect((await confirmSignIn({ challengeResponse: factor })).nextStep.signInStep).toBe(
        'CONFIRM_SIGN_IN_WITH_PASSWORD',
      );
      expect(await confirmSignIn({ challengeResponse: 'Passw0rdOk' })).toEqual({
        isSignedIn: true,
        nextStep: { signInStep: 'DONE' },
      });
    }
  });

  it('signs in without a password with an e-mailed code, preferred or selected (EMAIL_OTP)', async () => {
    const { sub } = await user('amp-otp@example.com');
    const preferred = await signIn({
      username: 'amp-otp@example.com',
      options: { authFlowType: 'USER_AUTH', preferredChallenge: 'EMAIL_OTP' },
    });
    expect(preferred).toMatchObject({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
        codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@e***' },
      },
    });
    expect(
      await confirmSignIn({ challengeResponse: await latestResetCode(t.app, 'amp-otp@example.com') }),
    ).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(await getCurrentUser()).toMatchObject({ userId: sub });
    await signOut();

    await user('amp-otp-select@example.com');
    await userAuth('amp-otp-select@example.com');
    expect((await confirmSignIn({ challengeResponse: 'EMAIL_OTP' })).nextStep.signInStep).toBe(
      'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
    );
    expect(
      await confirmSignIn({ challengeResponse: await latestResetCode(t.app, 'amp-otp-select@example.com') }),
    ).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  });

  it('refuses a wrong password with the exact message, on each path', async () => {
    await user('amp-ua-wrong@example.com');
    const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    await expect(userAuth('amp-ua-wrong@example.com', 'Wr0ngPassword', 'PASSWORD')).rejects.toMatchObject(
      incorrect,
    );
    await expect(userAuth('amp-ua-wrong@example.com', 'Wr0ngPassword', 'PASSWORD_SRP')).rejects.toMatchObject(
      incorrect,
    );
    await userAuth('amp-ua-wrong@example.com');
    await confirmSignIn({ challengeResponse: 'PASSWORD' });
    await expect(confirmSignIn({ challengeResponse: 'Wr0ngPassword' })).rejects.toMatchObject(incorrect);
    expect((await findPoolUser(t.app.db, 'amp-ua-wrong@example.com'))?.failed_attempts).toBe(3);
  });

  it('takes a temporary password through NEW_PASSWORD_REQUIRED after SELECT_CHALLENGE', async () => {
    await user('amp-ua-first@example.com', 'Temp0rary1', true);
    await userAuth('amp-ua-first@example.com');
    await confirmSignIn({ challengeResponse: 'PASSWORD_SRP' });
    const step = await confirmSignIn({ challengeResponse: 'Temp0rary1' });
    expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    expect((await confirmSignIn({ challengeResponse: 'MyOwn0Password' })).isSignedIn).toBe(true);
  });
});
