import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestMail } from './mailbox.ts';
import { userClient } from './pool-clients.ts';

let t: TestApp;
let hidden: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ IDENTITY_RESEND_PER_HOUR: '2' }, { listen: true });
  hidden = await buildTestApp({ IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'ENABLED' });
});
afterAll(async () => {
  await hidden.close();
  await t.close();
});

const resend = (app: TestApp, email: string) =>
  app.app.inject({ method: 'POST', url: '/api/reseller/auth/password', payload: { email } });

describe('POST /api/reseller/auth/password', () => {
  it('mails a new temporary password that replaces the old one', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'temp@example.com', password: 'Temp0rary1', temporary: true },
      t.config,
    );
    const res = await resend(t, 'Temp@Example.com');
    expect(res.statusCode).toBe(200);
    const password = (await latestMail(t.app, 'temp@example.com'))?.text.match(
      /Temporary password: (\S+)/,
    )?.[1];
    expect(password).toBeTruthy();
    const signIn = await userClient(t.url!, t.config).send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: t.config.COGNITO_CLIENT_ID,
        AuthParameters: { USERNAME: 'temp@example.com', PASSWORD: password! },
      }),
    );
    expect(signIn.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('says when the account does not exist or has no temporary password', async () => {
    const unknown = await resend(t, 'ghost@example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Account does not exist', extraType: 'NOT_FOUND' });
    await createPoolUser(
      t.app.db,
      { email: 'done@example.com', password: 'Passw0rdOk', temporary: false },
      t.config,
    );
    const confirmed = await resend(t, 'done@example.com');
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().extraType).toBe('CONFLICT');
    expect((await resend(t, 'not-an-email')).statusCode).toBe(400);
  });

  it("refuses a bad e-mail with the shared rule's message, as the sign-in form does", async () => {
    for (const email of ['not-an-email', `${'a'.repeat(250)}@example.com`, '']) {
      const res = await resend(t, email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().fields, email).toEqual([
        { field: 'email', message: email === '' ? 'The field cannot be empty.' : 'Invalid e-mail' },
      ]);
    }
  });

  it('limits resends per account, one address to half of them', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'many@example.com', password: 'Temp0rary1', temporary: true },
      t.config,
    );
    expect((await resend(t, 'many@example.com')).statusCode).toBe(200);
    const second = await resend(t, 'many@example.com');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ detail: 'Please try it minutes later.', extraType: 'RATE_LIMITED' });
  });

  it('answers a neutral 200 with PreventUserExistenceErrors=ENABLED', async () => {
    expect((await resend(hidden, 'ghost@example.com')).statusCode).toBe(200);
    await createPoolUser(
      hidden.app.db,
      { email: 'done@example.com', password: 'Passw0rdOk', temporary: false },
      hidden.config,
    );
    expect((await resend(hidden, 'done@example.com')).statusCode).toBe(200);
  });
});
