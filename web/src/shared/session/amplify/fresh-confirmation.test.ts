import { describe, expect, it, vi } from 'vitest';
import { createFreshConfirmation } from './fresh-confirmation.ts';

type Call = { target: string; body: Record<string, unknown> };

/** A Cognito endpoint double: answers each X-Amz-Target with the given body (status 200) or error. */
function fakeCognito(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const target = headers.get('X-Amz-Target')?.split('.')[1] ?? '';
    calls.push({ target, body: JSON.parse(String(init?.body)) });
    const answer = answers[target] ?? { status: 400, body: { __type: 'UnknownOperation' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const TOKENS = { AuthenticationResult: { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r-1' } };

describe('fresh confirmation (a sign-in of its own, Amplify untouched)', () => {
  it('proves the password with USER_PASSWORD_AUTH and revokes the tokens it earned at once', async () => {
    const cognito = fakeCognito({ InitiateAuth: { body: TOKENS }, RevokeToken: { body: {} } });
    const fresh = createFreshConfirmation({
      endpoint: 'http://pool/',
      clientId: 'client',
      fetch: cognito.fetch,
    });
    await fresh.withPassword('o@n.example', 'Secret123');
    expect(cognito.calls).toEqual([
      {
        target: 'InitiateAuth',
        body: {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: 'client',
          AuthParameters: { USERNAME: 'o@n.example', PASSWORD: 'Secret123' },
        },
      },
      { target: 'RevokeToken', body: { ClientId: 'client', Token: 'r-1' } },
    ]);
  });

  it('counts a second-factor challenge as a proven password (Cognito asks for it only after a right one)', async () => {
    const cognito = fakeCognito({
      InitiateAuth: { body: { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's'.repeat(30) } },
    });
    const fresh = createFreshConfirmation({
      endpoint: 'http://pool/',
      clientId: 'client',
      fetch: cognito.fetch,
    });
    await expect(fresh.withPassword('o@n.example', 'Secret123')).resolves.toBeUndefined();
    expect(cognito.calls.map((call) => call.target)).toEqual(['InitiateAuth']);
  });

  it("throws Cognito's error under its __type, like Amplify's AuthError", async () => {
    const cognito = fakeCognito({
      InitiateAuth: {
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
      },
    });
    const fresh = createFreshConfirmation({
      endpoint: 'http://pool/',
      clientId: 'client',
      fetch: cognito.fetch,
    });
    await expect(fresh.withPassword('o@n.example', 'wrong')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('runs the passkey ceremony on USER_AUTH WEB_AUTHN and answers the challenge with the credential', async () => {
    const cognito = fakeCognito({
      InitiateAuth: {
        body: {
          ChallengeName: 'WEB_AUTHN',
          Session: 'session-of-the-challenge',
          ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: '{"challenge":"abc","rpId":"localhost"}' },
        },
      },
      RespondToAuthChallenge: { body: TOKENS },
      RevokeToken: { body: {} },
    });
    const getPasskey = vi.fn(async () => ({ id: 'cred', response: { signature: 'sig' } }));
    const fresh = createFreshConfirmation({
      endpoint: 'http://pool/',
      clientId: 'client',
      fetch: cognito.fetch,
      getPasskey,
    });
    await fresh.withPasskey('o@n.example');
    expect(getPasskey).toHaveBeenCalledWith('{"challenge":"abc","rpId":"localhost"}');
    expect(cognito.calls[0]?.body).toMatchObject({
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: 'o@n.example', PREFERRED_CHALLENGE: 'WEB_AUTHN' },
    });
    expect(cognito.calls[1]).toEqual({
      target: 'RespondToAuthChallenge',
      body: {
        ChallengeName: 'WEB_AUTHN',
        ClientId: 'client',
        Session: 'session-of-the-challenge',
        ChallengeResponses: {
          USERNAME: 'o@n.example',
          CREDENTIAL: '{"id":"cred","response":{"signature":"sig"}}',
        },
      },
    });
    expect(cognito.calls[2]?.target).toBe('RevokeToken');
  });

  it('names a cancelled ceremony like Amplify does', async () => {
    const cognito = fakeCognito({
      InitiateAuth: {
        body: {
          ChallengeName: 'WEB_AUTHN',
          Session: 's',
          ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: '{}' },
        },
      },
    });
    const getPasskey = vi.fn(async () => {
      throw Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      });
    });
    const fresh = createFreshConfirmation({
      endpoint: 'http://pool/',
      clientId: 'client',
      fetch: cognito.fetch,
      getPasskey,
    });
    await expect(fresh.withPasskey('o@n.example')).rejects.toMatchObject({
      name: 'PasskeyAuthenticationCanceled',
    });
  });
});
