import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  type BuiltCustomer,
  buildCustomer,
  buildService,
  buildSite,
  companyToken,
} from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let dealer: BuiltCompany;
let session: string;
let rivalSession: string;
let company: string;
let rivalCompany: string;

beforeAll(async () => {
  t = await buildTestApp({ USER_PORTAL_URL: 'https://portal.test/open?otp=' });
  dealer = await buildCompany(t.app.db, { name: 'Dealer Ltd' });
  const rival = await buildCompany(t.app.db);
  session = (await signIn(t.app, dealer.owner.email, dealer.owner.password)).accessToken;
  rivalSession = (await signIn(t.app, rival.owner.email, rival.owner.password)).accessToken;
  company = await companyToken(t.app, dealer);
  rivalCompany = await companyToken(t.app, rival);
});

afterAll(() => t?.close());

const post = (url: string, token = session, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const requestPortal = (orgId: string, token = session) =>
  post(`/api/default/v1/organizations/${orgId}/vortex-send-request`, token);
const info = async (orgId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/user-portal/organizations/${orgId}/info`,
      headers: bearer(company),
    })
  ).json().remoteAccess;

/** The approval link of the newest mail to `to`, as the customer's contact receives it. */
async function mailedLink(to: string): Promise<string> {
  const mail = await t.app.db
    .selectFrom('mail_outbox')
    .select(['text_body', 'template', 'subject'])
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  expect(mail.template).toBe('remote-access-request');
  expect(mail.subject).toContain('Dealer Ltd');
  const link = mail.text_body.match(/https?:\/\/\S+\/api\/default\/remote-access\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no link in ${mail.text_body}`);
  return new URL(link).pathname;
}

const decide = (path: string, decision: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });

describe('remote access to the customer portal', () => {
  let customer: BuiltCustomer;
  beforeAll(async () => {
    customer = await buildCustomer(t.app.db, dealer, { contact_email: 'it@acme.test', name: 'Acme' });
  });

  it('request → requesting, audit, mail; approve through the link → enabled; then a one-time portal token', async () => {
    const res = await requestPortal(customer.id);
    expect(res.statusCode).toBe(202);
    expect(res.json().requests).toEqual([
      { id: expect.any(String), entryPoint: 'portal', deviceId: null, expiresAt: expect.any(String) },
    ]);
    expect(await info(customer.id)).toEqual({ enabled: false, requesting: true });
    expect((await requestPortal(customer.id)).statusCode).toBe(409);
    const otpWhileRequesting = await post(`/api/user-portal-auth/organizations/${customer.id}/otp`, company);
    expect(otpWhileRequesting.statusCode).toBe(409);

    const path = await mailedLink('it@acme.test');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toContain('Dealer Ltd');
    expect(page.body).toContain('Approve');
    // Showing the page changes nothing (mail scanners open links).
    expect(await info(customer.id)).toEqual({ enabled: false, requesting: true });

    const approved = await decide(path, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain('Remote access approved');
    expect(await info(customer.id)).toEqual({ enabled: true, requesting: false });
    // The link works once.
    expect((await decide(path, 'deny')).body).toContain('Remote access approved');
    expect(await info(customer.id)).toEqual({ enabled: true, requesting: false });

    const actions = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', customer.id)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['remote-access.request', 'remote-access.approve']);

    const otp = await post(`/api/user-portal-auth/organizations/${customer.id}/otp`, company);
    expect(otp.statusCode).toBe(200);
    const { token, url, expire } = otp.json();
    expect(url).toBe(`https://portal.test/open?otp=${token}`);
    expect(expire).toBeGreaterThan(Date.now() / 1000);
    const stored = await t.app.db.selectFrom('portal_one_time_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const consume = () =>
      t.app.inject({ method: 'POST', url: '/api/user-portal-auth/otp/consume', payload: { token } });
    const first = await consume();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ organizationId: customer.id, organizationName: 'Acme' });
    expect((await consume()).statusCode).toBe(401);
  });

  it('an approved access expires after the configured time (lazily, on the next read)', async () => {
    await t.app.db
      .updateTable('remote_access_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('organization_id', '=', customer.id)
      .where('state', '=', 'approved')
      .execute();
    expect(await info(customer.id)).toEqual({ enabled: false, requesting: false });
    const states = await t.app.db
      .selectFrom('remote_access_requests')
      .select('state')
      .where('organization_id', '=', customer.id)
      .execute();
    expect(states).toEqual([{ state: 'expired' }]);
    expect((await post(`/api/user-portal-auth/organizations/${customer.id}/otp`, company)).statusCode).toBe(
      409,
    );
  });

  it('deny clears requesting', async () => {
    const org = await buildCustomer(t.app.db, dealer, { contact_email: 'deny@acme.test' });
    expect((await requestPortal(org.id)).statusCode).toBe(202);
    const denied = await decide(await mailedLink('deny@acme.test'), 'deny');
    expect(denied.body).toContain('Remote access denied');
    expect(await info(org.id)).toEqual({ enabled: false, requesting: false });
  });

  it('abort while requesting withdraws the request and kills its link', async () => {
    const org = await buildCustomer(t.app.db, dealer, { contact_email: 'abort@acme.test' });
    expect((await requestPortal(org.id)).statusCode).toBe(202);
    const path = await mailedLink('abort@acme.test');
    const abortUrl = `/api/default/v1/organizations/${org.id}/remote-access-request`;
    expect(
      (await t.app.inject({ method: 'DELETE', url: abortUrl, headers: bearer(rivalSession) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: abortUrl, headers: bearer(session) })).statusCode,
    ).toBe(204);
    expect(await info(org.id)).toEqual({ enabled: false, requesting: false });
    expect((await decide(path, 'approve')).body).toContain('Request withdrawn');
    expect(await info(org.id)).toEqual({ enabled: false, requesting: false });
    expect(
      (await t.app.inject({ method: 'DELETE', url: abortUrl, headers: bearer(session) })).statusCode,
    ).toBe(409);
  });

  it('a link expires: the pending request lapses and the page says so', async () => {
    const org = await buildCustomer(t.app.db, dealer, { contact_email: 'late@acme.test' });
    expect((await requestPortal(org.id)).statusCode).toBe(202);
    await t.app.db
      .updateTable('remote_access_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('organization_id', '=', org.id)
      .execute();
    const path = await mailedLink('late@acme.test');
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Link expired');
    expect(await info(org.id)).toEqual({ enabled: false, requesting: false });
  });

  it("refuses another company's customer (404), unknown links (404) and customers without contact e-mail (409)", async () => {
    expect((await requestPortal(customer.id, rivalSession)).statusCode).toBe(404);
    expect((await requestPortal('not-a-uuid')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/default/remote-access/bogus' })).statusCode).toBe(
      404,
    );
    const silent = await buildCustomer(t.app.db, dealer, { contact_email: '' });
    expect((await requestPortal(silent.id)).statusCode).toBe(409);
    expect(
      (await post(`/api/user-portal-auth/organizations/${customer.id}/otp`, rivalCompany)).statusCode,
    ).toBe(404);
  });
});

describe('who approves: the contact e-mail as it stood before recent changes (decision 0009)', () => {
  const patchEmail = (orgId: string, email: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/default/v1/organizations/${orgId}/metadata`,
      headers: bearer(session),
      payload: { email },
    });
  const mailsTo = (to: string) =>
    t.app.db
      .selectFrom('mail_outbox')
      .select(['template', 'text_body'])
      .where('to_address', '=', to)
      .execute();

  it("a dealer that edits the contact to its own address gets no link: it goes to the customer's address", async () => {
    const org = await buildCustomer(t.app.db, dealer, { contact_email: 'boss@globex.test', name: 'Globex' });
    expect((await patchEmail(org.id, 'sneaky@dealer.test')).statusCode).toBe(200);
    // The previous address hears of the change, with the new address and when it takes over.
    const notices = await mailsTo('boss@globex.test');
    expect(notices.map((mail) => mail.template)).toEqual(['contact-email-changed']);
    expect(notices[0]!.text_body).toContain('sneaky@dealer.test');

    expect((await requestPortal(org.id)).statusCode).toBe(202);
    expect(await mailsTo('sneaky@dealer.test')).toEqual([]);
    const path = await mailedLink('boss@globex.test');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('This link was sent to <b>boss@globex.test</b>');

    const approved = await decide(path, 'approve');
    expect(approved.body).toContain('Approved as <b>boss@globex.test</b>');
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', org.id)
      .where('action', 'like', 'remote-access.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'remote-access.request', details: expect.objectContaining({ sentTo: 'boss@globex.test' }) },
      {
        action: 'remote-access.approve',
        details: expect.objectContaining({ approverEmail: 'boss@globex.test' }),
      },
    ]);
  });

  it('a change back and forth inside the settle period still mails the address from before it', async () => {
    const org = await buildCustomer(t.app.db, dealer, { contact_email: 'first@hooli.test' });
    await patchEmail(org.id, 'second@hooli.test');
    await patchEmail(org.id, 'third@dealer.test');
    expect((await requestPortal(org.id)).statusCode).toBe(202);
    expect(await mailedLink('first@hooli.test')).toMatch(/remote-access/);
  });

  it('a change older than the settle period counts: the new address receives the link', async () => {
    const org = await buildCustomer(t.app.db, dealer, { contact_email: 'old@umbrella.test' });
    await patchEmail(org.id, 'new@umbrella.test');
    await t.app.db
      .updateTable('organization_contact_email_changes')
      .set({ changed_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('organization_id', '=', org.id)
      .execute();
    expect((await requestPortal(org.id)).statusCode).toBe(202);
    expect(await mailedLink('new@umbrella.test')).toMatch(/remote-access/);
  });

  it('a contact e-mail added recently to a customer without one cannot be asked yet (409 with the date)', async () => {
    const org = await buildCustomer(t.app.db, dealer, { contact_email: '' });
    await patchEmail(org.id, 'fresh@dealer.test');
    const res = await requestPortal(org.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/changed recently; approval requests can go to it from \d{4}-/);
    expect(await mailsTo('fresh@dealer.test')).toEqual([]);
  });
});

describe('remote access to a server (obm-send-request)', () => {
  it('request → service requesting → approve → enabled with a relay URL', async () => {
    const org = await buildCustomer(t.app.db, dealer, { contact_email: 'ops@initech.test' });
    const site = await buildSite(t.app.db, org);
    const vss = await buildService(t.app.db, site);
    const body = [
      { siteId: site.id, server: { deviceId: vss.id, name: 'VSS', type: 'VSS', ip: '10.0.0.1' } },
    ];
    const url = `/api/default/v1/organizations/${org.id}/obm-send-request`;

    expect((await post(url, session, [{ ...body[0], siteId: crypto.randomUUID() }])).statusCode).toBe(404);
    expect(
      (await post(url, session, [{ ...body[0], server: { ...body[0]!.server, deviceId: 'bad' } }]))
        .statusCode,
    ).toBe(400);
    expect((await post(url, rivalSession, body)).statusCode).toBe(404);

    const res = await post(url, session, body);
    expect(res.statusCode).toBe(202);
    expect(res.json().requests[0]).toMatchObject({ entryPoint: 'service', deviceId: vss.id });

    const services = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/platform/v1/organizations/${org.id}/services`,
          headers: bearer(
            (
              await t.app.inject({
                method: 'POST',
                url: `/api/reseller/v1/organizations/${org.id}/vsaas-token`,
                headers: bearer(session),
              })
            ).json().token,
          ),
        })
      ).json().services as { deviceId: string; remoteAccess: unknown }[];
    expect((await services()).find((s) => s.deviceId === vss.id)?.remoteAccess).toEqual({
      enabled: false,
      requesting: true,
      frpUrl: null,
    });
    await decide(await mailedLink('ops@initech.test'), 'approve');
    expect((await services()).find((s) => s.deviceId === vss.id)?.remoteAccess).toEqual({
      enabled: true,
      requesting: false,
      frpUrl: `https://frp-${vss.id.toLowerCase()}.relay.lumora.example`,
    });
  });

  it("Abort on one entry point withdraws only that entry point's request", async () => {
    const org = await buildCustomer(t.app.db, dealer, { contact_email: 'both@initech.test' });
    const site = await buildSite(t.app.db, org);
    const vss = await buildService(t.app.db, site);
    const server = { deviceId: vss.id, name: 'VSS', type: 'VSS', ip: '10.0.0.1' };
    expect((await requestPortal(org.id)).statusCode).toBe(202);
    const obm = `/api/default/v1/organizations/${org.id}/obm-send-request`;
    expect((await post(obm, session, [{ siteId: site.id, server }])).statusCode).toBe(202);
    const abort = (query: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/default/v1/organizations/${org.id}/remote-access-request?${query}`,
        headers: bearer(session),
      });
    expect((await abort(`deviceId=${vss.id}&entryPoint=portal`)).statusCode).toBe(400);
    expect((await abort('entryPoint=portal')).statusCode).toBe(204);
    const pending = () =>
      t.app.db
        .selectFrom('remote_access_requests')
        .select(['entry_point', 'state'])
        .where('organization_id', '=', org.id)
        .orderBy('entry_point')
        .execute();
    expect(await pending()).toEqual([
      { entry_point: 'portal', state: 'aborted' },
      { entry_point: 'service', state: 'requesting' },
    ]);
    expect((await abort('entryPoint=portal')).statusCode).toBe(409);
    expect((await abort(`deviceId=${vss.id}`)).statusCode).toBe(204);
    expect((await pending()).map((row) => row.state)).toEqual(['aborted', 'aborted']);
  });

  it('refuses a disconnected server with 409 and a message, and mails nobody', async () => {
    const org = await buildCustomer(t.app.db, dealer, { contact_email: 'ops@offline.test' });
    const site = await buildSite(t.app.db, org);
    const vss = await buildService(t.app.db, site, { device: { connected: false } });
    const res = await post(`/api/default/v1/organizations/${org.id}/obm-send-request`, session, [
      { siteId: site.id, server: { deviceId: vss.id, name: 'VSS', type: 'VSS', ip: '10.0.0.1' } },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/is disconnected; remote access needs a connected server\./);
    const pending = await t.app.db
      .selectFrom('remote_access_requests')
      .select('id')
      .where('organization_id', '=', org.id)
      .execute();
    expect(pending).toEqual([]);
    const mails = await t.app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'ops@offline.test')
      .execute();
    expect(mails).toEqual([]);
  });
});
