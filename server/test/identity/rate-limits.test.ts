import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { failure, rawCall, readJson, userClient } from './pool-clients.ts';

/**
 * Per-address limits of the unauthenticated identity calls, over HTTP: sign-in (InitiateAuth and
 * RespondToAuthChallenge), ForgotPassword/ConfirmForgotPassword, and the reseller's resend-password call.
 * The limit is small here; each test uses its own client addresses (X-Forwarded-For from loopback,
 * believed with TRUST_PROXY=loopback), so tests do not share counters.
 */
const LIMIT = 3;
let t: TestApp;
let untrusting: TestApp;
let secondProcess: TestApp;
/** Small per-account reset and resend allowances (4 an hour), and no per-minute address limit in the way. */
let resets: TestApp;
let addressSeq = 0;
const freshAddress = () => `203.0.113.${++addressSeq}`;

beforeAll(async () => {
  const limited = { IDENTITY_ADDRESS_REQUESTS_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'loopback' };
  t = await buildTestApp(limited, { listen: true });
  // TRUST_PROXY left at its default.
  untrusting = await buildTestApp(
    { IDENTITY_ADDRESS_REQUESTS_PER_MINUTE: String(LIMIT) },
    { listen: true, database: t.database },
  );
  secondProcess = await buildTestApp(limited, { listen: true, database: t.database });
  resets = await buildTestApp(
    { IDENTITY_CODE_ATTEMPTS_PER_HOUR: '4', IDENTITY_RESEND_PER_HOUR: '4', TRUST_PROXY: 'loopback' },
    { listen: true, database: t.database },
  );
  await createPoolUser(
    t.app.db,
    { email: 'limited@example.com', password: 'Passw0rdOk', temporary: false },
    t.config,
  );
});
afterAll(async () => {
  await resets?.close();
  await secondProcess?.close();
  await untrusting?.close();
  await t?.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const clientId = () => t.config.COGNITO_CLIENT_ID;

const srpStart = (url: string, address: string) =>
  rawCall(
    url,
    'InitiateAuth',
    JSON.stringify({
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: clientId(),
      AuthParameters: { USERNAME: 'limited@example.com', SRP_A: 'abc123' },
    }),
    from(address),
  );

async function expectThrottled(res: Response) {
  expect(res.status).toBe(400);
  expect(res.headers.get('x-amzn-errortype')).toBe('TooManyRequestsException:');
  expect(await readJson(res)).toEqual({ __type: 'TooManyRequestsException', message: 'Rate exceeded' });
}

describe('identity rate limits per client address', () => {
  it('throttles InitiateAuth with a Cognito TooManyRequestsException, per address', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT; i++) expect((await srpStart(t.url!, address)).status).toBe(200);
    await expectThrottled(await srpStart(t.url!, address));
    // Password sign-in counts in the same allowance; the official SDK sees the typed exception.
    const sdk = userClient(t.url!, t.config);
    sdk.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { headers: Record<string, string> };
        request.headers['x-forwarded-for'] = address;
        return next(args);
      },
      { step: 'build' },
    );
    const refused = await failure(
      sdk.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: clientId(),
          AuthParameters: { USERNAME: 'limited@example.com', PASSWORD: 'Passw0rdOk' },
        }),
      ),
    );
    expect(refused).toEqual({ name: 'TooManyRequestsException', message: 'Rate exceeded' });
    // Another address still signs in.
    expect((await srpStart(t.url!, freshAddress())).status).toBe(200);
  });

  it('throttles the MFA operations (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference) per address', async () => {
    const address = freshAddress();
    const call = (target: string, body: object) =>
      rawCall(t.url!, target, JSON.stringify(body), from(address));
    const bogus = { AccessToken: 'not-a-jwt' };
    expect((await call('AssociateSoftwareToken', bogus)).status).toBe(400);
    expect((await call('VerifySoftwareToken', { ...bogus, UserCode: '123456' })).status).toBe(400);
    expect((await call('SetUserMFAPreference', bogus)).status).toBe(400);
    await expectThrottled(await call('AssociateSoftwareToken', bogus));
    await expectThrottled(await call('VerifySoftwareToken', { Session: 'x'.repeat(64), UserCode: '123456' }));
    // The sign-in allowance of that address is its own.
    expect((await srpStart(t.url!, address)).status).toBe(200);
  });

  it('counts USER_AUTH in the same sign-in allowance, and SELECT_CHALLENGE answers as challenge responses', async () => {
    const address = freshAddress();
    const userAuth = (AuthParameters: Record<string, string>) =>
      rawCall(
        t.url!,
        'InitiateAuth',
        JSON.stringify({ AuthFlow: 'USER_AUTH', ClientId: clientId(), AuthParameters }),
        from(address),
      );
    const selected = await userAuth({ USERNAME: 'limited@example.com' });
    expect((await readJson(selected)).ChallengeName).toBe('SELECT_CHALLENGE');
    expect(
      (await userAuth({ USERNAME: 'nobody@example.com', PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD: 'x' }))
        .status,
    ).toBe(400);
    expect((await srpStart(t.url!, address)).status).toBe(200);
    await expectThrottled(await userAuth({ USERNAME: 'limited@example.com' }));
    await expectThrottled(
      await userAuth({ USERNAME: 'nobody@example.com', PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD: 'x' }),
    );
    await expectThrottled(await srpStart(t.url!, address));

    const answer = () =>
      rawCall(
        t.url!,
        'RespondToAuthChallenge',
        JSON.stringify({
          ChallengeName: 'SELECT_CHALLENGE',
          ClientId: clientId(),
          Session: 'x'.repeat(64),
          ChallengeResponses: { ANSWER: 'PASSWORD', USERNAME: 'limited@example.com', PASSWORD: 'x' },
        }),
        from(address),
      );
    for (let i = 0; i < LIMIT; i++)
      expect((await readJson(await answer())).__type).toBe('NotAuthorizedException');
    await expectThrottled(await answer());
  });

  it('throttles RespondToAuthChallenge separately, so a normal sign-in costs one of each', async () => {
    const address = freshAddress();
    const respond = () =>
      rawCall(
        t.url!,
        'RespondToAuthChallenge',
        JSON.stringify({
          ChallengeName: 'PASSWORD_VERIFIER',
          ClientId: clientId(),
          ChallengeResponses: {
            USERNAME: 'limited@example.com',
            PASSWORD_CLAIM_SECRET_BLOCK: 'bm90LWEtYmxvY2s=',
            TIMESTAMP: 'Mon Jan 5 10:00:00 UTC 2026',
            PASSWORD_CLAIM_SIGNATURE: 'c2lnbmF0dXJl',
          },
        }),
        from(address),
      );
    for (let i = 0; i < LIMIT; i++) {
      const res = await respond();
      expect((await readJson(res)).__type).toBe('NotAuthorizedException');
    }
    await expectThrottled(await respond());
    // The InitiateAuth allowance of that address is untouched.
    expect((await srpStart(t.url!, address)).status).toBe(200);
  });

  it('throttles ForgotPassword and ConfirmForgotPassword together', async () => {
    const address = freshAddress();
    const forgot = () =>
      rawCall(
        t.url!,
        'ForgotPassword',
        JSON.stringify({ ClientId: clientId(), Username: 'nobody@example.com' }),
        from(address),
      );
    const confirm = () =>
      rawCall(
        t.url!,
        'ConfirmForgotPassword',
        JSON.stringify({
          ClientId: clientId(),
          Username: 'nobody@example.com',
          ConfirmationCode: '123456',
          Password: 'Passw0rdNew',
        }),
        from(address),
      );
    expect((await readJson(await forgot())).__type).toBe('UserNotFoundException');
    expect((await readJson(await confirm())).__type).toBe('UserNotFoundException');
    expect((await readJson(await forgot())).__type).toBe('UserNotFoundException');
    await expectThrottled(await confirm());
    await expectThrottled(await forgot());
  });

  it("throttles the reseller's resend-password call with the spec's message", async () => {
    const address = freshAddress();
    let ghosts = 0;
    const resend = () =>
      fetch(`${t.url}/api/reseller/auth/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from(address) },
        body: JSON.stringify({ email: `ghost${++ghosts}@example.com` }),
      });
    for (let i = 0; i < LIMIT; i++) expect((await resend()).status).toBe(404);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      detail: 'Please try it minutes later.',
      extraType: 'RATE_LIMITED',
    });
  });

  it('counts in the database, so a second server process sees the same count', async () => {
    const address = freshAddress();
    expect((await srpStart(t.url!, address)).status).toBe(200);
    expect((await srpStart(secondProcess.url!, address)).status).toBe(200);
    expect((await srpStart(t.url!, address)).status).toBe(200);
    await expectThrottled(await srpStart(secondProcess.url!, address));
  });

  it('believes no X-Forwarded-For by default, not even from loopback (TRUST_PROXY)', async () => {
    // Default TRUST_PROXY: every request counts for the real peer (loopback), whatever address it claims.
    for (let i = 0; i < LIMIT; i++) {
      expect((await srpStart(untrusting.url!, freshAddress())).status).toBe(200);
    }
    await expectThrottled(await srpStart(untrusting.url!, freshAddress()));
  });
});

describe("a stranger cannot spend an account's reset allowance", () => {
  const forgot = (address: string, username: string) =>
    rawCall(
      resets.url!,
      'ForgotPassword',
      JSON.stringify({ ClientId: clientId(), Username: username }),
      from(address),
    );

  it('ForgotPassword: one address gets half, refused calls cost the account nothing', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'victim@example.com', password: 'Passw0rdOk', temporary: false },
      t.config,
    );
    const stranger = freshAddress();
    for (let i = 0; i < 2; i++) expect((await forgot(stranger, 'victim@example.com')).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect(await readJson(await forgot(stranger, 'victim@example.com'))).toEqual({
        __type: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
    }
    // The owner, elsewhere, still gets a code; the account's own allowance still ends the hour.
    const owner = freshAddress();
    expect((await forgot(owner, 'victim@example.com')).status).toBe(200);
    expect((await forgot(owner, 'victim@example.com')).status).toBe(200);
    expect((await readJson(await forgot(freshAddress(), 'victim@example.com'))).__type).toBe(
      'LimitExceededException',
    );
  });

  it('reseller resend-password: one address gets half, refused calls cost the account nothing', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'invited@example.com', password: 'Temp0rary1', temporary: true },
      t.config,
    );
    const resend = (address: string) =>
      fetch(`${resets.url}/api/reseller/auth/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from(address) },
        body: JSON.stringify({ email: 'invited@example.com' }),
      });
    const stranger = freshAddress();
    for (let i = 0; i < 2; i++) expect((await resend(stranger)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await resend(stranger)).status).toBe(429);
    const owner = freshAddress();
    expect((await resend(owner)).status).toBe(200);
    expect((await resend(owner)).status).toBe(200);
    expect((await resend(freshAddress())).status).toBe(429);
  });
});
