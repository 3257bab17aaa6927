import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import { buildCustomer, companyToken } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 23 point 13 (decision 0022): one deployment, default brand Lumora, serves Jade Harbor (vendor kestrel)
 * in Kestrel Eye's brand: its mail, its customers' mail and its customers' user portal.
 */
let t: TestApp;
let jade: BuiltCompany;
let northwind: BuiltCompany;
let jadeSession: string;

beforeAll(async () => {
  t = await buildTestApp({
    BRAND_HOSTS: 'partner.kestreleye.example=kestrel',
    USER_PORTAL_URL_KESTREL: 'https://portal.kestreleye.test/open?otp=',
    USER_PORTAL_URL: 'https://portal.lumora.test/open?otp=',
  });
  jade = await buildCompany(t.app.db, { name: 'Jade Harbor', vendor: 'kestrel' });
  northwind = await buildCompany(t.app.db, { name: 'Northwind', vendor: 'lumora' });
  jadeSession = (await signIn(t.app, jade.owner.email, jade.owner.password)).accessToken;
});
afterAll(() => t?.close());

const latestMail = (to: string) =>
  t.app.db
    .selectFrom('mail_outbox')
    .select(['template', 'subject', 'text_body'])
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

const forgotPassword = (email: string, host = 'localhost') =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/',
    headers: {
      host,
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
    },
    payload: JSON.stringify({ ClientId: t.config.COGNITO_CLIENT_ID, Username: email }),
  });

const KESTREL = /Kestrel Eye Partner Center/;
const KESTREL_FOOTER = '© 2025 Kestrel Eye Ltd.';

describe('mail follows the recipient company’s vendor', () => {
  it('a Jade Harbor owner’s reset code is Kestrel-branded even when asked for under a Lumora host', async () => {
    expect((await forgotPassword(jade.owner.email)).statusCode).toBe(200);
    const mail = await latestMail(jade.owner.email);
    expect(mail.template).toBe('reset-code');
    expect(mail.subject).toBe('Kestrel Eye Partner Center: your password reset code');
    expect(mail.text_body).toContain(KESTREL_FOOTER);
    expect(mail.text_body).not.toContain('Lumora');

    // A Lumora company's owner asking under the Kestrel host still gets Lumora: the recipient wins.
    expect((await forgotPassword(northwind.owner.email, 'partner.kestreleye.example')).statusCode).toBe(200);
    expect((await latestMail(northwind.owner.email)).subject).toBe(
      'Lumora Partner Portal: your password reset code',
    );
  });

  it('an account of no company gets the brand of the host it asked under', async () => {
    const email = `loose.${Date.now()}@example.test`;
    await createPoolUser(t.app.db, { email, name: 'Loose', password: 'Passw0rdTest', temporary: false });
    await forgotPassword(email, 'Partner.KestrelEye.example:8443');
    expect((await latestMail(email)).subject).toMatch(KESTREL);
    await forgotPassword(email, 'localhost:8080');
    expect((await latestMail(email)).subject).toBe('Lumora Partner Portal: your password reset code');
  });

  it('a new Jade Harbor member’s temporary password is Kestrel-branded (mailed before the member row exists)', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/reseller/v1/companies/${jade.id}/users`,
      headers: bearer(jadeSession),
      payload: { email: 'hire@jadeharbor.test', name: 'NewHire' },
    });
    expect(added.statusCode).toBe(201);
    const mail = await latestMail('hire@jadeharbor.test');
    expect(mail.template).toBe('temporary-password');
    expect(mail.subject).toBe('Kestrel Eye Partner Center: your temporary password');
    expect(mail.text_body).toContain(KESTREL_FOOTER);
  });

  it('the remote-access mail to a Jade Harbor customer is Kestrel-branded, and so is its approval page', async () => {
    const customer = await buildCustomer(t.app.db, jade, { contact_email: 'it@jade-customer.test' });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/default/v1/organizations/${customer.id}/vortex-send-request`,
      headers: bearer(jadeSession),
    });
    expect(sent.statusCode).toBe(202);
    const mail = await latestMail('it@jade-customer.test');
    expect(mail.template).toBe('remote-access-request');
    expect(mail.subject).toMatch(KESTREL);
    expect(mail.text_body).toContain(KESTREL_FOOTER);
    expect(mail.text_body).not.toContain('Lumora');
    const link =
      /https?:\/\/\S+\/api\/default\/remote-access\/[A-Za-z0-9_-]+/.exec(mail.text_body)?.[0] ?? '';
    const page = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(KESTREL);
    expect(page.body).not.toContain('Lumora');
  });
});

describe('the customer’s user portal follows the dealer’s vendor', () => {
  async function enabledCustomer(company: BuiltCompany) {
    const customer = await buildCustomer(t.app.db, company);
    await t.app.db
      .updateTable('organizations')
      .set({ remote_access_enabled: true })
      .where('id', '=', customer.id)
      .execute();
    return customer;
  }
  const otp = async (company: BuiltCompany, host = 'localhost') => {
    const customer = await enabledCustomer(company);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user-portal-auth/organizations/${customer.id}/otp`,
      headers: { ...bearer(await companyToken(t.app, company)), host },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; url: string };
  };

  it('Jade Harbor opens the Kestrel portal, Northwind the Lumora one, whatever the host', async () => {
    const kestrel = await otp(jade);
    expect(kestrel.url).toBe(`https://portal.kestreleye.test/open?otp=${kestrel.token}`);
    const lumora = await otp(northwind, 'partner.kestreleye.example');
    expect(lumora.url).toBe(`https://portal.lumora.test/open?otp=${lumora.token}`);
  });
});
