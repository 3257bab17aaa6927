import { Amplify } from 'aws-amplify';
import {
  confirmSignIn,
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestMail } from './mailbox.ts';
import { fixedClock } from './mfa-clock.ts';

/**
 * Amplify v6's own MFA steps against the embedded pool (issue 25 items 1, 2, 9): what the sign-in and
 * profile screens will call. Amplify runs in Node with an in-memory token store, on a fixed clock.
 */
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
/** The same database with IDENTITY_MFA=on (MFA_SETUP). */
let required: TestApp;
let clock: ReturnType<typeof fixedClock>;

const configure = (app: TestApp) =>
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: app.config.COGNITO_USER_POOL_ID,
        userPoolClientId: app.config.COGNITO_CLIENT_ID,
        userPoolEndpoint: `${app.url}/api/identity`,
      },
    },
  });

beforeAll(async () => {
  t = await buildTestApp({}, { listen: true });
  required = await buildTestApp({ IDENTITY_MFA: 'on' }, { listen: true, database: t.database });
  configure(t);
  cognitoUserPoolsTokenProvider.setKeyValueStorage(new MemoryStorage());
});
afterAll(async () => {
  await required?.close();
  await t?.close();
});
beforeEach(async () => {
  clock = fixedClock();
  await signOut();
});
afterEach(() => clock.restore());

const PASSWORD = 'Passw0rdOk';
const user = (email: string) =>
  createPoolUser(t.app.db, { email, name: 'Amy', password: PASSWORD, temporary: false }, t.config);

async function mailedCode(email: string): Promise<string> {
  const code = (await latestMail(t.app, email))?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Signed in: setUpTOTP, verifyTOTPSetup, updateMFAPreference; then signed out. Returns the seed. */
async function setUpTotp(email: string): Promise<string> {
  await user(email);
  await signIn({ username: email, password: PASSWORD });
  const { sharedSecret, getSetupUri } = await setUpTOTP();
  expect(getSetupUri('Partner Portal', email).toString()).toContain(`secret=${sharedSecret}`);
  await verifyTOTPSetup({ code: clock.code(sharedSecret), options: { friendlyDeviceName: 'Phone' } });
  await updateMFAPreference({ totp: 'PREFERRED' });
  expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
  await signOut();
  clock.nextStep();
  return sharedSecret;
}

describe('Amplify: TOTP', () => {
  it('sets up TOTP, refuses a wrong setup code, then signs in by SRP with a code (wrong code first)', async () => {
    await user('amp-totp@example.com');
    await signIn({ username: 'amp-totp@example.com', password: PASSWORD });
    const { sharedSecret } = await setUpTOTP();
    await expect(verifyTOTPSetup({ code: clock.code(sharedSecret, 4) })).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
    });
    await verifyTOTPSetup({ code: clock.code(sharedSecret) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    await signOut();
    clock.nextStep();

    const step = await signIn({ username: 'amp-totp@example.com', password: PASSWORD });
    expect(step).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    await expect(confirmSignIn({ challengeResponse: clock.code(sharedSecret, 5) })).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    expect(await confirmSignIn({ challengeResponse: clock.code(sharedSecret) })).toEqual({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
  });

  it('signs in by USER_PASSWORD_AUTH with a code; a replayed code is refused', async () => {
    const secret = await setUpTotp('amp-totp-pw@example.com');
    const options = { authFlowType: 'USER_PASSWORD_AUTH' } as const;
    const step = await signIn({ username: 'amp-totp-pw@example.com', password: PASSWORD, options });
    expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const code = clock.code(secret);
    expect((await confirmSignIn({ challengeResponse: code })).isSignedIn).toBe(true);
    await signOut();
    await signIn({ username: 'amp-totp-pw@example.com', password: PASSWORD, options });
    await expect(confirmSignIn({ challengeResponse: code })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
  });
});

describe('Amplify: e-mail codes and the choice of method', () => {
  it('signs in with an e-mailed code (CONFIRM_SIGN_IN_WITH_EMAIL_CODE)', async () => {
    await user('amp-mail@example.com');
    await signIn({ username: 'amp-mail@example.com', password: PASSWORD });
    await updateMFAPreference({ email: 'ENABLED' });
    expect(await fetchMFAPreference()).toEqual({ enabled: ['EMAIL'] });
    await signOut();
    const step = await signIn({ username: 'amp-mail@example.com', password: PASSWORD });
    expect(step).toEqual({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
        codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@e***' },
      },
    });
    expect(await confirmSignIn({ challengeResponse: await mailedCode('amp-mail@example.com') })).toEqual({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
  });

  it('offers the choice (CONTINUE_SIGN_IN_WITH_MFA_SELECTION) with both on and none preferred', async () => {
    const secret = await setUpTotp('amp-both@example.com');
    await signIn({ username: 'amp-both@example.com', password: PASSWORD });
    await confirmSignIn({ challengeResponse: clock.code(secret) });
    await updateMFAPreference({ totp: 'NOT_PREFERRED', email: 'ENABLED' });
    expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP', 'EMAIL'] });
    await signOut();
    clock.nextStep();
    const step = await signIn({ username: 'amp-both@example.com', password: PASSWORD });
    expect(step).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['TOTP', 'EMAIL'] },
    });
    expect((await confirmSignIn({ challengeResponse: 'TOTP' })).nextStep.signInStep).toBe(
      'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
    );
    expect((await confirmSignIn({ challengeResponse: clock.code(secret) })).isSignedIn).toBe(true);
  });
});

describe('Amplify: IDENTITY_MFA=on sends users without a factor through setup', () => {
  beforeAll(() => configure(required));
  afterAll(() => configure(t));

  it('TOTP: CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION, then CONTINUE_SIGN_IN_WITH_TOTP_SETUP, then a code', async () => {
    await user('amp-setup@example.com');
    const step = await signIn({ username: 'amp-setup@example.com', password: PASSWORD });
    expect(step).toEqual({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION',
        allowedMFATypes: ['TOTP', 'EMAIL'],
      },
    });
    const setup = await confirmSignIn({ challengeResponse: 'TOTP' });
    if (setup.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP')
      throw new Error(setup.nextStep.signInStep);
    const secret = setup.nextStep.totpSetupDetails.sharedSecret;
    await expect(confirmSignIn({ challengeResponse: clock.code(secret, 3) })).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
    });
    expect(await confirmSignIn({ challengeResponse: clock.code(secret) })).toEqual({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
    expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
    await signOut();
    clock.nextStep();
    expect(
      (await signIn({ username: 'amp-setup@example.com', password: PASSWORD })).nextStep.signInStep,
    ).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });

  it('e-mail: CONTINUE_SIGN_IN_WITH_EMAIL_SETUP, the address, then the mailed code', async () => {
    await user('amp-setup-mail@example.com');
    await signIn({ username: 'amp-setup-mail@example.com', password: PASSWORD });
    expect((await confirmSignIn({ challengeResponse: 'EMAIL' })).nextStep.signInStep).toBe(
      'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP',
    );
    const sent = await confirmSignIn({ challengeResponse: 'amp-setup-mail@example.com' });
    expect(sent.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    expect(
      await confirmSignIn({ challengeResponse: await mailedCode('amp-setup-mail@example.com') }),
    ).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(await fetchMFAPreference()).toEqual({ enabled: ['EMAIL'], preferred: 'EMAIL' });
  });
});
