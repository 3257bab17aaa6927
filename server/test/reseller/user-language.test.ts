import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import { buildCustomer } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** Item 12 of issue 12: the language a user picks is kept on the profile and every mail to them uses it. */
let t: TestApp;
let dealer: BuiltCompany;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  dealer = await buildCompany(t.app.db, { name: 'Jade Harbor' });
  token = (await signIn(t.app, dealer.owner.email, dealer.owner.password)).accessToken;
});
afterAll(() => t.close());

const latestMail = (to: string) =>
  t.app.db
    .selectFrom('mail_outbox')
    .select(['locale', 'template', 'subject'])
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

const chooseLanguage = (userId: string, locale: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/reseller/v1/users/${userId}`,
    headers: bearer(token),
    payload: { locale },
  });

describe('the language on the profile', () => {
  it('is saved by the user and read back by GET /v1/me (the web restores it at sign-in)', async () => {
    expect((await chooseLanguage(dealer.owner.id, 'zh-TW')).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/reseller/v1/me', headers: bearer(token) });
    expect(me.json().profile.locale).toBe('zh-TW');
    expect((await chooseLanguage(dealer.owner.id, 'fr')).statusCode).toBe(400);
  });

  it('a zh-TW user gets the zh-TW reset-code mail', async () => {
    expect((await chooseLanguage(dealer.owner.id, 'zh-TW')).statusCode).toBe(200);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
      },
      payload: JSON.stringify({ ClientId: t.config.COGNITO_CLIENT_ID, Username: dealer.owner.email }),
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await latestMail(dealer.owner.email);
    expect(mail).toMatchObject({ template: 'reset-code', locale: 'zh-TW' });
    expect(mail.subject).toContain('密碼重設驗證碼');
  });

  it("a new member's temporary password (and its resend) comes in the inviting owner's language", async () => {
    expect((await chooseLanguage(dealer.owner.id, 'zh-TW')).statusCode).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/reseller/v1/companies/${dealer.id}/users`,
      headers: bearer(token),
      payload: { email: 'hire@jade.test', name: 'NewHire' },
    });
    expect(added.statusCode).toBe(201);
    expect(await latestMail('hire@jade.test')).toMatchObject({
      template: 'temporary-password',
      locale: 'zh-TW',
    });
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/reseller/auth/password',
      payload: { email: 'hire@jade.test' },
    });
    expect(resend.statusCode).toBeLessThan(300);
    const again = await t.app.db
      .selectFrom('mail_outbox')
      .select('locale')
      .where('to_address', '=', 'hire@jade.test')
      .execute();
    expect(again.map((mail) => mail.locale)).toEqual(['zh-TW', 'zh-TW']);
  });

  it("the remote-access mail to a customer comes in the requesting dealer's language", async () => {
    expect((await chooseLanguage(dealer.owner.id, 'en')).statusCode).toBe(200);
    const org = await buildCustomer(t.app.db, dealer, { contact_email: 'it@lang.test' });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/default/v1/organizations/${org.id}/vortex-send-request`,
      headers: bearer(token),
    });
    expect(sent.statusCode).toBe(202);
    expect(await latestMail('it@lang.test')).toMatchObject({
      template: 'remote-access-request',
      locale: 'en',
    });
  });
});
