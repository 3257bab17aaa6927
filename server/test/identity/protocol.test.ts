import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminClient, failure, rawCall, readJson } from './pool-clients.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp({}, { listen: true });
  url = t.url!;
});
afterAll(() => t.close());

const AMPLIFY_HEADERS =
  'amz-sdk-invocation-id,amz-sdk-request,cache-control,content-type,x-amz-target,x-amz-user-agent,x-custom-header';

describe('JSON 1.1 transport', () => {
  it('answers the browser preflight with the requested headers reflected, on both paths', async () => {
    for (const path of ['/api/identity', '/api/identity/']) {
      const res = await fetch(`${url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': AMPLIFY_HEADERS,
        },
      });
      expect(res.status).toBeLessThan(300);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toBe(AMPLIFY_HEADERS);
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    }
  });

  it('sends errors in the Cognito envelope with CORS and exposed headers', async () => {
    const res = await rawCall(
      url,
      'InitiateAuth',
      JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: t.config.COGNITO_CLIENT_ID,
        AuthParameters: { USERNAME: 'x@example.com', PASSWORD: 'Passw0rdOk' },
      }),
      { origin: 'http://localhost:5173' },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/x-amz-json-1.1');
    expect(res.headers.get('x-amzn-errortype')).toBe('UserNotFoundException:');
    expect(res.headers.get('x-amzn-errormessage')).toBe('User does not exist.');
    expect(res.headers.get('x-amzn-requestid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-amzn-ErrorType');
    expect(await readJson(res)).toEqual({ __type: 'UserNotFoundException', message: 'User does not exist.' });
  });

  it('answers an unknown operation with 400 UnknownOperationException', async () => {
    const res = await rawCall(url, 'DescribeUserPool', '{}');
    expect(res.status).toBe(400);
    expect((await readJson(res)).__type).toBe('UnknownOperationException');
    const missing = await fetch(`${url}/api/identity`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(400);
  });

  it('answers malformed bodies with InvalidParameterException, never 5xx', async () => {
    for (const body of [
      '{"AuthFlow":',
      '[]',
      '"text"',
      '',
      '{"AuthFlow":42}',
      '{"AuthFlow":"USER_PASSWORD_AUTH"}',
    ]) {
      const res = await rawCall(url, 'InitiateAuth', body);
      expect(res.status, body).toBe(400);
      expect((await readJson(res)).__type, body).toBe('InvalidParameterException');
    }
    const wrongType = await rawCall(url, 'InitiateAuth', '{}', { 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(400);
  });

  it('validates flows and the client id', async () => {
    const call = async (body: object) => readJson(await rawCall(url, 'InitiateAuth', JSON.stringify(body)));
    const ClientId = t.config.COGNITO_CLIENT_ID;
    expect(
      await call({
        AuthFlow: 'USER_AUTH',
        ClientId,
        AuthParameters: { USERNAME: 'a', PREFERRED_CHALLENGE: 'SMS_OTP' },
      }),
    ).toEqual({
      __type: 'InvalidParameterException',
      message: 'SMS_OTP challenge not enabled for this client',
    });
    expect(await call({ AuthFlow: 'CUSTOM_AUTH', ClientId, AuthParameters: { USERNAME: 'a' } })).toEqual({
      __type: 'InvalidParameterException',
      message: 'CUSTOM_AUTH flow not enabled for this client',
    });
    expect((await call({ AuthFlow: 'BOGUS', ClientId })).__type).toBe('InvalidParameterException');
    expect(
      await call({
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: 'other',
        AuthParameters: { USERNAME: 'a', SRP_A: '1' },
      }),
    ).toEqual({
      __type: 'ResourceNotFoundException',
      message: 'User pool client other does not exist.',
    });
    expect(
      (await call({ AuthFlow: 'USER_SRP_AUTH', ClientId, AuthParameters: { USERNAME: 'a', SRP_A: 'xyz' } }))
        .__type,
    ).toBe('InvalidParameterException');
  });

  it('serves the JWKS and OpenID configuration under the issuer, with CORS', async () => {
    const issuer = `${t.config.PUBLIC_URL}/api/identity/${t.config.COGNITO_USER_POOL_ID}`;
    const oidc = await fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { origin: 'http://x' },
    });
    expect(oidc.headers.get('access-control-allow-origin')).toBe('*');
    expect(await readJson(oidc)).toMatchObject({ issuer, jwks_uri: `${issuer}/.well-known/jwks.json` });
    const jwks = await readJson(await fetch(`${issuer}/.well-known/jwks.json`));
    const [idKey, accessKey] = jwks.keys ?? [];
    expect(jwks.keys).toHaveLength(2);
    for (const key of [idKey, accessKey]) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    }
    expect(idKey?.kid).not.toBe(accessKey?.kid);
    expect(JSON.stringify(jwks)).not.toContain('"d"');
  });
});

describe('SigV4 on admin operations', () => {
  const get = (secret?: string) =>
    adminClient(url, t.config, {
      ...t.app.identityAdminCredentials,
      ...(secret ? { secretAccessKey: secret } : {}),
    }).send(
      new AdminGetUserCommand({ UserPoolId: t.config.COGNITO_USER_POOL_ID, Username: 'nobody@example.com' }),
    );

  it('accepts the configured keys', async () => {
    expect((await failure(get())).name).toBe('UserNotFoundException');
  });

  it('rejects a wrong secret, an unknown key and an unsigned call', async () => {
    expect(await failure(get('wrong-secret'))).toMatchObject({ name: 'InvalidSignatureException' });
    const res = await rawCall(
      url,
      'AdminGetUser',
      JSON.stringify({ UserPoolId: t.config.COGNITO_USER_POOL_ID, Username: 'a' }),
    );
    expect(res.status).toBe(400);
    expect((await readJson(res)).__type).toBe('MissingAuthenticationTokenException');
  });

  it('refuses the admin keys that once shipped in the source, and the server keeps its own', async () => {
    const own = t.app.identityAdminCredentials;
    expect(own.accessKeyId).toMatch(/^AKIA[A-Z2-7]{16}$/);
    expect(own.secretAccessKey.length).toBeGreaterThanOrEqual(40);
    const username = 'takeover-target@example.com';
    await adminClient(url, t.config, own).send(
      new AdminCreateUserCommand({
        UserPoolId: t.config.COGNITO_USER_POOL_ID,
        Username: username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: username }],
      }),
    );
    const shipped = adminClient(url, t.config, {
      accessKeyId: 'AKIAPARTNERPORTAL0001',
      secretAccessKey: 'partner-portal-embedded-admin-secret',
    });
    const takeover = await failure(
      shipped.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: t.config.COGNITO_USER_POOL_ID,
          Username: username,
          Password: 'Taken-Over-2025',
          Permanent: true,
        }),
      ),
    );
    expect(takeover.name).toBe('UnrecognizedClientException');
    const user = await adminClient(url, t.config, own).send(
      new AdminGetUserCommand({ UserPoolId: t.config.COGNITO_USER_POOL_ID, Username: username }),
    );
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
  });

  it('generates the admin keys once per database, so every process on it agrees', async () => {
    const second = await buildTestApp({}, { database: t.database });
    try {
      expect(second.app.identityAdminCredentials).toEqual(t.app.identityAdminCredentials);
    } finally {
      await second.close();
    }
    const other = await buildTestApp();
    try {
      expect(other.app.identityAdminCredentials.secretAccessKey).not.toBe(
        t.app.identityAdminCredentials.secretAccessKey,
      );
    } finally {
      await other.close();
    }
  });

  it('uses IDENTITY_ADMIN_* from the environment when given', async () => {
    const keys = { accessKeyId: 'AKIATESTENVKEY000001', secretAccessKey: 'x'.repeat(40) };
    const env = await buildTestApp({
      IDENTITY_ADMIN_ACCESS_KEY_ID: keys.accessKeyId,
      IDENTITY_ADMIN_SECRET_ACCESS_KEY: keys.secretAccessKey,
    });
    try {
      expect(env.app.identityAdminCredentials).toEqual(keys);
    } finally {
      await env.close();
    }
  });
});
