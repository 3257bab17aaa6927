import {
  AdminGetUserAuthFactorsCommand,
  AdminSetUserMFAPreferenceCommand,
  CompleteWebAuthnRegistrationCommand,
  DeleteWebAuthnCredentialCommand,
  GetUserAuthFactorsCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListWebAuthnCredentialsCommand,
  RespondToAuthChallengeCommand,
  StartWebAuthnRegistrationCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser, findPoolUser } from '../../src/services/identity/users.ts';
import { credentialsOf, recordCredentialUse } from '../../src/services/identity/webauthn/credential-store.ts';
import {
  type CeremonyOptions,
  type CreationOptionsJson,
  type RequestOptionsJson,
  SoftwarePasskey,
} from '../../testkit/passkey-authenticator.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminClient, failure, userClient } from './pool-clients.ts';

/**
 * Passkeys (issue 25 item 3) with the unmodified AWS SDK over HTTP and a software authenticator:
 * registration, listing, USER_AUTH sign-in (preferred and selected), and what must be refused.
 * PUBLIC_URL names the relying party; the SDK reaches the server under 127.0.0.1, which must not matter.
 */
const PUBLIC_URL = 'https://partner.example.test';
const RP_ID = 'partner.example.test';
const PASSWORD = 'Passw0rdOk';

let t: TestApp;
let sdk: ReturnType<typeof userClient>;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL, IDENTITY_EMAIL_OTP_SIGN_IN: 'on' }, { listen: true });
  sdk = userClient(t.url!, t.config);
});
afterAll(() => t.close());

const clientId = () => t.config.COGNITO_CLIENT_ID;
const user = (email: string) =>
  createPoolUser(t.app.db, { email, password: PASSWORD, temporary: false }, t.config);

async function passwordTokens(email: string): Promise<string> {
  const res = await sdk.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId(),
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  return res.AuthenticationResult!.AccessToken!;
}

const startRegistration = async (AccessToken: string) =>
  (await sdk.send(new StartWebAuthnRegistrationCommand({ AccessToken })))
    .CredentialCreationOptions as unknown as CreationOptionsJson;

const completeRegistration = (AccessToken: string, credential: object) =>
  sdk.send(new CompleteWebAuthnRegistrationCommand({ AccessToken, Credential: credential as never }));

/** A signed-in user with one registered passkey. */
async function userWithPasskey(email: string) {
  const { sub } = await user(email);
  const accessToken = await passwordTokens(email);
  const passkey = new SoftwarePasskey(PUBLIC_URL);
  await completeRegistration(accessToken, passkey.register(await startRegistration(accessToken)));
  return { sub, accessToken, passkey };
}

const userAuth = (AuthParameters: Record<string, string>) =>
  sdk.send(new InitiateAuthCommand({ AuthFlow: 'USER_AUTH', ClientId: clientId(), AuthParameters }));
const respond = (ChallengeName: string, ChallengeResponses: Record<string, string>, Session?: string) =>
  sdk.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId(),
      ChallengeName: ChallengeName as 'WEB_AUTHN',
      ChallengeResponses,
      Session,
    }),
  );

async function webAuthnChallenge(email: string) {
  const res = await userAuth({ USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' });
  expect(res.ChallengeName).toBe('WEB_AUTHN');
  expect(res.Session?.length).toBeGreaterThanOrEqual(20);
  const options = JSON.parse(res.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!) as RequestOptionsJson;
  return { session: res.Session!, options };
}

async function passkeySignIn(email: string, passkey: SoftwarePasskey, ceremony: CeremonyOptions = {}) {
  const { session, options } = await webAuthnChallenge(email);
  return respond(
    'WEB_AUTHN',
    { USERNAME: email, CREDENTIAL: JSON.stringify(passkey.assert(options, ceremony)) },
    session,
  );
}

const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
const failedAttempts = async (email: string) => (await findPoolUser(t.app.db, email))?.failed_attempts;

describe('passkey registration with the AWS SDK', () => {
  it('offers creation options for PUBLIC_URL’s relying party, then registers, lists and reports the passkey', async () => {
    const { sub } = await user('pk-reg@example.com');
    const accessToken = await passwordTokens('pk-reg@example.com');
    const options = await startRegistration(accessToken);
    expect(options).toMatchObject({
      rp: { id: RP_ID },
      user: { id: Buffer.from(sub).toString('base64url'), name: 'pk-reg@example.com' },
      authenticatorSelection: { userVerification: 'required', residentKey: 'required' },
      attestation: 'none',
      excludeCredentials: [],
    });
    expect(options.challenge.length).toBeGreaterThanOrEqual(43);

    const passkey = new SoftwarePasskey(PUBLIC_URL);
    expect(await completeRegistration(accessToken, passkey.register(options))).toMatchObject({});
    const list = await sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken: accessToken }));
    expect(list.NextToken).toBeUndefined();
    expect(list.Credentials).toEqual([
      {
        CredentialId: passkey.id,
        FriendlyCredentialName: 'Passkey 1',
        RelyingPartyId: RP_ID,
        AuthenticatorAttachment: 'platform',
        AuthenticatorTransports: ['internal', 'hybrid'],
        CreatedAt: expect.any(Date),
      },
    ]);
    expect(Math.abs(list.Credentials![0]!.CreatedAt!.getTime() - Date.now())).toBeLessThan(600_000);
    const factors = await sdk.send(new GetUserAuthFactorsCommand({ AccessToken: accessToken }));
    expect(factors).toMatchObject({
      Username: sub,
      ConfiguredUserAuthFactors: ['PASSWORD', 'WEB_AUTHN', 'EMAIL_OTP'],
    });

    // The next registration excludes the passkey the user has.
    const again = await startRegistration(accessToken);
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([passkey.id]);
  });

  it('AdminGetUserAuthFactors (SigV4) tells whether a user has a passkey', async () => {
    const admin = adminClient(t.url!, t.config, t.app.identityAdminCredentials);
    const { sub } = await userWithPasskey('pk-admin@example.com');
    await user('pk-admin-none@example.com');
    const factors = (Username: string) =>
      admin.send(new AdminGetUserAuthFactorsCommand({ UserPoolId: t.config.COGNITO_USER_POOL_ID, Username }));
    expect(await factors('pk-admin@example.com')).toMatchObject({
      Username: sub,
      ConfiguredUserAuthFactors: ['PASSWORD', 'WEB_AUTHN', 'EMAIL_OTP'],
    });
    expect((await factors('pk-admin-none@example.com')).ConfiguredUserAuthFactors).toEqual([
      'PASSWORD',
      'EMAIL_OTP',
    ]);
    expect((await failure(factors('pk-admin-ghost@example.com'))).name).toBe('UserNotFoundException');
    // Signed with keys the pool does not know (the user-pool client's), it is refused.
    expect(
      (
        await failure(
          sdk.send(
            new AdminGetUserAuthFactorsCommand({
              UserPoolId: t.config.COGNITO_USER_POOL_ID,
              Username: 'pk-admin@example.com',
            }),
          ),
        )
      ).name,
    ).toBe('UnrecognizedClientException');
  });

  it('a user without passkeys has no WEB_AUTHN factor (the password, and EMAIL_OTP with a verified e-mail)', async () => {
    await user('pk-none@example.com');
    const factors = await sdk.send(
      new GetUserAuthFactorsCommand({ AccessToken: await passwordTokens('pk-none@example.com') }),
    );
    expect(factors.ConfiguredUserAuthFactors).toEqual(['PASSWORD', 'EMAIL_OTP']);
    expect(factors.UserMFASettingList).toEqual([]);
  });

  it('refuses an attestation without user verification, from another origin or for another relying party', async () => {
    await user('pk-bad-reg@example.com');
    const accessToken = await passwordTokens('pk-bad-reg@example.com');
    const passkey = new SoftwarePasskey(PUBLIC_URL);
    const attempt = async (ceremony: CeremonyOptions) =>
      failure(
        completeRegistration(accessToken, passkey.register(await startRegistration(accessToken), ceremony)),
      );
    expect((await attempt({ userVerified: false })).name).toBe('WebAuthnCredentialNotSupportedException');
    expect((await attempt({ origin: 'https://evil.example' })).name).toBe(
      'WebAuthnOriginNotAllowedException',
    );
    expect((await attempt({ rpId: 'evil.example' })).name).toBe('WebAuthnRelyingPartyMismatchException');
    const list = await sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken: accessToken }));
    expect(list.Credentials).toEqual([]);
  });

  it('uses a registration challenge once, and only for the user it was given to', async () => {
    await user('pk-once@example.com');
    await user('pk-thief@example.com');
    const accessToken = await passwordTokens('pk-once@example.com');
    const options = await startRegistration(accessToken);
    const passkey = new SoftwarePasskey(PUBLIC_URL);
    const response = passkey.register(options);
    // Another signed-in user cannot complete it.
    const thief = await passwordTokens('pk-thief@example.com');
    expect((await failure(completeRegistration(thief, response))).name).toBe(
      'WebAuthnChallengeNotFoundException',
    );
    await completeRegistration(accessToken, response);
    expect((await failure(completeRegistration(accessToken, passkey.register(options)))).name).toBe(
      'WebAuthnChallengeNotFoundException',
    );
  });

  it('refuses malformed credentials with InvalidParameterException and a missing token with NotAuthorizedException', async () => {
    await user('pk-params@example.com');
    const accessToken = await passwordTokens('pk-params@example.com');
    for (const credential of [{}, { response: {} }, { id: 'x', response: { clientDataJSON: '!!' } }]) {
      expect((await failure(completeRegistration(accessToken, credential))).name).toBe(
        'InvalidParameterException',
      );
    }
    // A readable challenge with a broken attestation: refused, never a server error.
    const valid = new SoftwarePasskey(PUBLIC_URL).register(await startRegistration(accessToken));
    const broken = { ...valid, response: { ...valid.response, attestationObject: 'AAAA' } };
    expect((await failure(completeRegistration(accessToken, broken))).name).toBe('InvalidParameterException');
    expect(
      await failure(sdk.send(new StartWebAuthnRegistrationCommand({ AccessToken: 'not-a-token' }))),
    ).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
  });

  it('pages the list with MaxResults and NextToken, and validates both', async () => {
    await user('pk-pages@example.com');
    const accessToken = await passwordTokens('pk-pages@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const passkey = new SoftwarePasskey(PUBLIC_URL);
      await completeRegistration(accessToken, passkey.register(await startRegistration(accessToken)));
      ids.push(passkey.id);
    }
    const first = await sdk.send(
      new ListWebAuthnCredentialsCommand({ AccessToken: accessToken, MaxResults: 2 }),
    );
    expect(first.Credentials?.map((c) => c.FriendlyCredentialName)).toEqual(['Passkey 1', 'Passkey 2']);
    expect(first.NextToken).toEqual(expect.any(String));
    const second = await sdk.send(
      new ListWebAuthnCredentialsCommand({
        AccessToken: accessToken,
        MaxResults: 2,
        NextToken: first.NextToken,
      }),
    );
    expect(second.NextToken).toBeUndefined();
    expect([...first.Credentials!, ...second.Credentials!].map((c) => c.CredentialId).sort()).toEqual(
      ids.sort(),
    );
    for (const MaxResults of [0, 21]) {
      expect(
        (
          await failure(
            sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken: accessToken, MaxResults })),
          )
        ).name,
      ).toBe('InvalidParameterException');
    }
    expect(
      (
        await failure(
          sdk.send(
            new ListWebAuthnCredentialsCommand({ AccessToken: accessToken, NextToken: 'bm90LWEtdG9rZW4' }),
          ),
        )
      ).name,
    ).toBe('InvalidParameterException');
  });

  it('deletes the user’s own passkey; another user’s or an unknown one is not found', async () => {
    const { accessToken, passkey } = await userWithPasskey('pk-del@example.com');
    const other = await userWithPasskey('pk-del-other@example.com');
    const notFound = (CredentialId: string, AccessToken = accessToken) =>
      failure(sdk.send(new DeleteWebAuthnCredentialCommand({ AccessToken, CredentialId })));
    expect((await notFound(other.passkey.id)).name).toBe('ResourceNotFoundException');
    expect((await notFound('unknown')).name).toBe('ResourceNotFoundException');
    await sdk.send(
      new DeleteWebAuthnCredentialCommand({ AccessToken: accessToken, CredentialId: passkey.id }),
    );
    expect(
      (await sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken: accessToken }))).Credentials,
    ).toEqual([]);
    expect((await notFound(passkey.id)).name).toBe('ResourceNotFoundException');
    // The other user's passkey is still there, and this user's no longer signs in.
    expect(
      (await sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken: other.accessToken }))).Credentials,
    ).toHaveLength(1);
    const res = await userAuth({ USERNAME: 'pk-del@example.com', PREFERRED_CHALLENGE: 'WEB_AUTHN' });
    expect(res).toMatchObject({
      ChallengeName: 'SELECT_CHALLENGE',
      AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP'],
    });
  });
});

describe('passkey sign-in through USER_AUTH with the AWS SDK', () => {
  it('PREFERRED_CHALLENGE WEB_AUTHN asks for an assertion and signs in with tokens', async () => {
    const { sub, passkey } = await userWithPasskey('pk-in@example.com');
    const { session, options } = await webAuthnChallenge('pk-in@example.com');
    expect(options).toMatchObject({
      rpId: RP_ID,
      userVerification: 'required',
      allowCredentials: [{ id: passkey.id, type: 'public-key' }],
    });
    const done = await respond(
      'WEB_AUTHN',
      { USERNAME: 'pk-in@example.com', CREDENTIAL: JSON.stringify(passkey.assert(options)) },
      session,
    );
    expect(done.ChallengeName).toBeUndefined();
    expect(done.ChallengeParameters).toEqual({});
    const me = await sdk.send(new GetUserCommand({ AccessToken: done.AuthenticationResult!.AccessToken! }));
    expect(me.Username).toBe(sub);
    const [stored] = await t.app.db
      .selectFrom('identity_webauthn_credentials')
      .select(['sign_count', 'last_used_at'])
      .where('sub', '=', sub)
      .execute();
    expect(stored?.sign_count).toBe(2);
    expect(stored?.last_used_at).toBeInstanceOf(Date);
  });

  it('SELECT_CHALLENGE offers WEB_AUTHN to a user with a passkey only, and ANSWER WEB_AUTHN signs in', async () => {
    const { passkey } = await userWithPasskey('pk-select@example.com');
    await user('pk-select-none@example.com');
    const none = await userAuth({ USERNAME: 'pk-select-none@example.com' });
    expect(none.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP']);
    expect(
      await failure(
        respond(
          'SELECT_CHALLENGE',
          { ANSWER: 'WEB_AUTHN', USERNAME: 'pk-select-none@example.com' },
          none.Session,
        ),
      ),
    ).toEqual({
      name: 'InvalidParameterException',
      message: 'WEB_AUTHN is not an available challenge for this user.',
    });

    const select = await userAuth({ USERNAME: 'pk-select@example.com' });
    expect(select).toMatchObject({
      ChallengeName: 'SELECT_CHALLENGE',
      AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'WEB_AUTHN', 'EMAIL_OTP'],
    });
    const challenge = await respond(
      'SELECT_CHALLENGE',
      { ANSWER: 'WEB_AUTHN', USERNAME: 'pk-select@example.com' },
      select.Session,
    );
    expect(challenge.ChallengeName).toBe('WEB_AUTHN');
    const options = JSON.parse(
      challenge.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!,
    ) as RequestOptionsJson;
    const done = await respond(
      'WEB_AUTHN',
      { USERNAME: 'pk-select@example.com', CREDENTIAL: JSON.stringify(passkey.assert(options)) },
      challenge.Session,
    );
    expect(done.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('a user without passkeys asking for WEB_AUTHN is offered the other factors; an unknown user is not found', async () => {
    await user('pk-pref-none@example.com');
    const res = await userAuth({ USERNAME: 'pk-pref-none@example.com', PREFERRED_CHALLENGE: 'WEB_AUTHN' });
    expect(res).toMatchObject({
      ChallengeName: 'SELECT_CHALLENGE',
      AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP'],
    });
    expect(res.Session?.length).toBeGreaterThanOrEqual(20);
    expect(
      await failure(userAuth({ USERNAME: 'pk-ghost@example.com', PREFERRED_CHALLENGE: 'WEB_AUTHN' })),
    ).toEqual({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
  });

  it('refuses a signature counter that does not go up, and counts it as a failed attempt', async () => {
    const { passkey } = await userWithPasskey('pk-counter@example.com');
    expect(
      (await passkeySignIn('pk-counter@example.com', passkey, { counter: 10 })).AuthenticationResult,
    ).toBeDefined();
    expect(await failure(passkeySignIn('pk-counter@example.com', passkey, { counter: 10 }))).toEqual(
      incorrect,
    );
    expect(await failure(passkeySignIn('pk-counter@example.com', passkey, { counter: 3 }))).toEqual(
      incorrect,
    );
    expect(await failedAttempts('pk-counter@example.com')).toBe(2);
    expect(
      (await passkeySignIn('pk-counter@example.com', passkey, { counter: 11 })).AuthenticationResult,
    ).toBeDefined();
    expect(await failedAttempts('pk-counter@example.com')).toBe(0);
  });

  it('records a counter only over the value it was checked against (two sign-ins with one counter)', async () => {
    const { sub } = await userWithPasskey('pk-race@example.com');
    const [checked] = await credentialsOf(t.app.db, sub);
    expect(await recordCredentialUse(t.app.db, checked!, 7, new Date())).toBe(true);
    // The second sign-in checked its assertion against the same stored counter: too late.
    expect(await recordCredentialUse(t.app.db, checked!, 7, new Date())).toBe(false);
    expect((await credentialsOf(t.app.db, sub))[0]?.sign_count).toBe(7);
  });

  it('refuses an assertion without user verification', async () => {
    const { passkey } = await userWithPasskey('pk-uv@example.com');
    expect(await failure(passkeySignIn('pk-uv@example.com', passkey, { userVerified: false }))).toEqual(
      incorrect,
    );
    expect(await failedAttempts('pk-uv@example.com')).toBe(1);
  });

  it('refuses a replayed assertion, a used Session and another user’s or a wrong-origin passkey', async () => {
    const { passkey } = await userWithPasskey('pk-replay@example.com');
    const foreign = await userWithPasskey('pk-replay-other@example.com');
    const { session, options } = await webAuthnChallenge('pk-replay@example.com');
    const assertion = JSON.stringify(passkey.assert(options));
    await respond('WEB_AUTHN', { USERNAME: 'pk-replay@example.com', CREDENTIAL: assertion }, session);
    // The same answer again: its Session is used up.
    expect(
      await failure(
        respond('WEB_AUTHN', { USERNAME: 'pk-replay@example.com', CREDENTIAL: assertion }, session),
      ),
    ).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    // The same answer to a new challenge: it signed the old one.
    const next = await webAuthnChallenge('pk-replay@example.com');
    expect(
      await failure(
        respond('WEB_AUTHN', { USERNAME: 'pk-replay@example.com', CREDENTIAL: assertion }, next.session),
      ),
    ).toEqual(incorrect);
    // Another user's passkey, answering this user's challenge.
    const stolen = await webAuthnChallenge('pk-replay@example.com');
    expect(
      await failure(
        respond(
          'WEB_AUTHN',
          {
            USERNAME: 'pk-replay@example.com',
            CREDENTIAL: JSON.stringify(foreign.passkey.assert(stolen.options)),
          },
          stolen.session,
        ),
      ),
    ).toEqual(incorrect);
    expect(
      await failure(passkeySignIn('pk-replay@example.com', passkey, { origin: 'https://evil.example' })),
    ).toEqual(incorrect);
    expect(await failedAttempts('pk-replay@example.com')).toBe(3);
  });

  it('passkey failures lock the account like wrong passwords, for every factor', async () => {
    const { passkey } = await userWithPasskey('pk-lock@example.com');
    for (let i = 0; i < 5; i++) {
      await failure(passkeySignIn('pk-lock@example.com', passkey, { userVerified: false }));
    }
    const locked = await findPoolUser(t.app.db, 'pk-lock@example.com');
    expect(locked?.failed_attempts).toBe(5);
    // Stretch the 1 s lock so the checks below cannot race its end.
    await t.app.db
      .updateTable('identity_users')
      .set({ locked_until: new Date(Date.now() + 60_000) })
      .where('sub', '=', locked!.sub)
      .execute();
    const exceeded = { name: 'NotAuthorizedException', message: 'Password attempts exceeded' };
    expect(await failure(passkeySignIn('pk-lock@example.com', passkey))).toEqual(exceeded);
    expect(
      await failure(userAuth({ USERNAME: 'pk-lock@example.com', PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD })),
    ).toEqual(exceeded);
    expect(await failedAttempts('pk-lock@example.com')).toBe(5);
  });

  it('validates USERNAME, CREDENTIAL and Session without using the Session up', async () => {
    const { passkey } = await userWithPasskey('pk-params-in@example.com');
    const { session, options } = await webAuthnChallenge('pk-params-in@example.com');
    const invalid = (responses: Record<string, string>) => failure(respond('WEB_AUTHN', responses, session));
    expect(await invalid({ USERNAME: 'pk-params-in@example.com' })).toEqual({
      name: 'InvalidParameterException',
      message: 'Missing required parameter CREDENTIAL',
    });
    expect((await invalid({ USERNAME: 'pk-params-in@example.com', CREDENTIAL: '{' })).name).toBe(
      'InvalidParameterException',
    );
    expect((await invalid({ USERNAME: 'pk-params-in@example.com', CREDENTIAL: '{"id":"x"}' })).name).toBe(
      'InvalidParameterException',
    );
    // Readable, but its authenticator data is garbage: a failed attempt, never a server error.
    const garbled = passkey.assert((await webAuthnChallenge('pk-params-in@example.com')).options);
    garbled.response.authenticatorData = 'AAAA';
    const other = await webAuthnChallenge('pk-params-in@example.com');
    expect(
      await failure(
        respond(
          'WEB_AUTHN',
          { USERNAME: 'pk-params-in@example.com', CREDENTIAL: JSON.stringify(garbled) },
          other.session,
        ),
      ),
    ).toEqual(incorrect);
    const credential = JSON.stringify(passkey.assert(options));
    expect(
      await failure(respond('WEB_AUTHN', { USERNAME: 'pk-params-in@example.com', CREDENTIAL: credential })),
    ).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    const done = await respond(
      'WEB_AUTHN',
      { USERNAME: 'pk-params-in@example.com', CREDENTIAL: credential },
      session,
    );
    expect(done.AuthenticationResult).toBeDefined();
  });
});

describe('passkeys on a pool with other settings', () => {
  it('limits the passkey operations per client address like the other identity calls', async () => {
    // A database of its own: the other tests' calls from this address count in the shared one.
    const limited = await buildTestApp(
      { PUBLIC_URL, IDENTITY_ADDRESS_REQUESTS_PER_MINUTE: '3' },
      { listen: true },
    );
    try {
      const client = userClient(limited.url!, limited.config);
      await createPoolUser(
        limited.app.db,
        { email: 'pk-limit@example.com', password: PASSWORD, temporary: false },
        limited.config,
      );
      const { AuthenticationResult } = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: clientId(),
          AuthParameters: { USERNAME: 'pk-limit@example.com', PASSWORD },
        }),
      );
      const AccessToken = AuthenticationResult!.AccessToken!;
      for (let i = 0; i < 3; i++) await client.send(new ListWebAuthnCredentialsCommand({ AccessToken }));
      expect(await failure(client.send(new StartWebAuthnRegistrationCommand({ AccessToken })))).toEqual({
        name: 'TooManyRequestsException',
        message: 'Rate exceeded',
      });
    } finally {
      await limited.close();
    }
  });

  it('with PreventUserExistenceErrors=ENABLED, an unknown user asking for WEB_AUTHN looks like one without a passkey', async () => {
    const hiding = await buildTestApp(
      { PUBLIC_URL, IDENTITY_EMAIL_OTP_SIGN_IN: 'on', IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'ENABLED' },
      { listen: true, database: t.database },
    );
    try {
      const client = userClient(hiding.url!, hiding.config);
      await user('pk-hidden@example.com');
      const ask = (USERNAME: string) =>
        client.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_AUTH',
            ClientId: clientId(),
            AuthParameters: { USERNAME, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
          }),
        );
      for (const USERNAME of ['pk-hidden@example.com', 'pk-nobody@example.com']) {
        const res = await ask(USERNAME);
        expect(res, USERNAME).toMatchObject({
          ChallengeName: 'SELECT_CHALLENGE',
          AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP'],
        });
        expect(
          await failure(
            client.send(
              new RespondToAuthChallengeCommand({
                ClientId: clientId(),
                ChallengeName: 'SELECT_CHALLENGE',
                ChallengeResponses: { ANSWER: 'WEB_AUTHN', USERNAME },
                Session: res.Session,
              }),
            ),
          ),
          USERNAME,
        ).toEqual({
          name: 'InvalidParameterException',
          message: 'WEB_AUTHN is not an available challenge for this user.',
        });
      }
    } finally {
      await hiding.close();
    }
  });
});

describe('a passkey and a second factor together', () => {
  it('a password sign-in asks for the second factor; a passkey sign-in is complete without it', async () => {
    const email = 'pk-and-mfa@example.com';
    const { passkey } = await userWithPasskey(email);
    const admin = adminClient(t.url!, t.config, t.app.identityAdminCredentials);
    await admin.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: t.config.COGNITO_USER_POOL_ID,
        Username: email,
        EmailMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );

    const withPassword = await sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId(),
        AuthParameters: { USERNAME: email, PASSWORD },
      }),
    );
    expect(withPassword.ChallengeName).toBe('EMAIL_OTP');
    expect(withPassword.AuthenticationResult).toBeUndefined();

    // A passkey with user verification is two factors already (Cognito asks for no MFA after it).
    const withPasskey = await passkeySignIn(email, passkey);
    expect(withPasskey.ChallengeName).toBeUndefined();
    expect(withPasskey.AuthenticationResult?.AccessToken).toBeTruthy();
  });
});
