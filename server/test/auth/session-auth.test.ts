import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const record = (token: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/obm/v1/stats/login_record',
    headers: token ? bearer(token) : {},
    payload,
  });

const revoke = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.RevokeToken',
    },
    payload: JSON.stringify({ ClientId: t.config.COGNITO_CLIENT_ID, Token: refreshToken }),
  });

describe('session tokens at other services (OBM login record)', () => {
  it('stores a login record for the signed-in user, with an id or an access token', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'obm@example.com', password: 'Passw0rdOk', temporary: false },
      t.config,
    );
    const tokens = await signIn(t.app, 'obm@example.com', 'Passw0rdOk');
    const body = { email: 'obm@example.com', region: 'us-west-2', timestamp: Date.now() };
    expect((await record(tokens.idToken, body)).statusCode).toBe(201);
    expect(
      (await record(tokens.accessToken, { ...body, timestamp: new Date().toISOString() })).statusCode,
    ).toBe(201);
    const rows = await t.app.db
      .selectFrom('login_records')
      .selectAll()
      .where('email', '=', 'obm@example.com')
      .execute();
    expect(rows).toHaveLength(2);
    expect((await record(tokens.idToken, { ...body, email: 'other@example.com' })).statusCode).toBe(403);
    expect((await record(tokens.idToken, { ...body, timestamp: 0 })).statusCode).toBe(400);
  });

  it('answers 401 UNAUTHORIZED without a token, with a forged one and after revocation', async () => {
    const body = { email: 'obm2@example.com', region: 'eu', timestamp: Date.now() };
    const missing = await record(undefined, body);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: 'Authentication required', extraType: 'UNAUTHORIZED' });
    await createPoolUser(
      t.app.db,
      { email: 'obm2@example.com', password: 'Passw0rdOk', temporary: false },
      t.config,
    );
    const tokens = await signIn(t.app, 'obm2@example.com', 'Passw0rdOk');
    const [header, payload] = tokens.idToken.split('.');
    expect((await record(`${header}.${payload}.AAAA`, body)).statusCode).toBe(401);
    expect((await record(tokens.idToken, body)).statusCode).toBe(201);
    expect((await revoke(tokens.refreshToken)).statusCode).toBe(200);
    const revoked = await record(tokens.idToken, body);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().extraType).toBe('UNAUTHORIZED');
  });

  it('refuses the tokens of a disabled user at once, and accepts them again once enabled', async () => {
    const { sub } = await createPoolUser(
      t.app.db,
      { email: 'obm3@example.com', password: 'Passw0rdOk', temporary: false },
      t.config,
    );
    const tokens = await signIn(t.app, 'obm3@example.com', 'Passw0rdOk');
    const body = { email: 'obm3@example.com', region: 'eu', timestamp: Date.now() };
    const setEnabled = (enabled: boolean) =>
      t.app.db.updateTable('identity_users').set({ enabled }).where('sub', '=', sub).execute();
    await setEnabled(false);
    expect((await record(tokens.idToken, body)).statusCode).toBe(401);
    expect((await record(tokens.accessToken, body)).statusCode).toBe(401);
    await setEnabled(true);
    expect((await record(tokens.idToken, body)).statusCode).toBe(201);
  });
});
