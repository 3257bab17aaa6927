import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, type BuiltUser, buildCompany, buildMember } from '../helpers/factories.ts';
import { buildCustomer, buildDevice, buildSite, companyToken } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Names with markup. The portal's own forms refuse markup characters (SPEC §5), but names also come from
 * the platforms (customers, sites, devices) and from before those rules: they must come back as the same
 * text in JSON, and pages the server renders itself must escape them.
 */
const MARKUP = `<img src=x onerror="alert('xss')">&amp;</script>`;

let t: TestApp;
let dealer: BuiltCompany;
let member: BuiltUser;
let orgId: string;
let session: string;
let company: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  dealer = await buildCompany(db, { name: `Dealer ${MARKUP}` });
  member = await buildMember(db, dealer, { name: `Member ${MARKUP}` });
  const customer = await buildCustomer(db, dealer, {
    name: `Customer ${MARKUP}`,
    contact_email: 'contact@markup.test',
  });
  orgId = customer.id;
  const site = await buildSite(db, customer, { name: `Site ${MARKUP}` });
  await buildDevice(db, site, { name: `Camera ${MARKUP}` });
  session = (await signIn(t.app, dealer.owner.email, dealer.owner.password)).accessToken;
  company = await companyToken(t.app, dealer);
});
afterAll(() => t?.close());

const get = async (url: string, token: string) => {
  const res = await t.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
};

describe('names with markup', () => {
  it('come back byte for byte as JSON text', async () => {
    expect((await get('/api/reseller/v1/companies/info', session)).name).toBe(`Dealer ${MARKUP}`);
    const members = await get(`/api/reseller/v1/companies/${dealer.id}/users`, session);
    expect(members.items.map((m: { name: string }) => m.name)).toContain(`Member ${MARKUP}`);
    const list = await get('/api/user-portal/companies/organizations', company);
    expect(list.items.map((o: { name: string }) => o.name)).toEqual([`Customer ${MARKUP}`]);
    expect((await get(`/api/user-portal/organizations/${orgId}/info`, company)).name).toBe(
      `Customer ${MARKUP}`,
    );
    const sites = await get(`/api/user-portal/organizations/${orgId}/sites`, company);
    expect(sites.items[0].name).toBe(`Site ${MARKUP}`);
    const devices = await get(`/api/user-portal/sites/${sites.items[0].id}/devices`, company);
    expect(JSON.stringify(devices)).toContain(JSON.stringify(`Camera ${MARKUP}`).slice(1, -1));
  });

  it('are refused by the portal forms (names stay unchanged)', async () => {
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/reseller/v1/users/${member.id}`,
      headers: bearer(session),
      payload: { name: 'Eve<script>' },
    });
    expect(rename.statusCode).toBe(400);
    const company = await t.app.inject({
      method: 'PATCH',
      url: '/api/reseller/v1/companies/info',
      headers: bearer(session),
      payload: { name: '<b>Bold</b>' },
    });
    expect(company.statusCode).toBe(400);
    expect(company.json().detail).toMatch(/</);
    expect((await get('/api/reseller/v1/companies/info', session)).name).toBe(`Dealer ${MARKUP}`);
  });

  it('are escaped in the approval page and mail the server renders', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/default/v1/organizations/${orgId}/vortex-send-request`,
      headers: bearer(session),
    });
    expect(sent.statusCode).toBe(202);
    const mail = await t.app.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', 'contact@markup.test')
      .executeTakeFirstOrThrow();
    expect(mail.html_body).not.toContain('<img');
    expect(mail.html_body).toContain('&#60;img src=x onerror=&#34;alert(&#39;xss&#39;)&#34;&#62;');
    const path = new URL(mail.text_body.match(/https?:\/\/\S+\/remote-access\/[\w-]+/)![0]).pathname;
    const page = await t.app.inject(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Customer &#60;img');
    expect(page.body).not.toContain('<img');
    expect(page.body).not.toContain('</script>');
  });
});
