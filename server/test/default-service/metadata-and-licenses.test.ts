import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany, buildMember } from '../helpers/factories.ts';
import { type BuiltCustomer, buildCustomer } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let dealer: BuiltCompany;
let session: string;
let rivalSession: string;
let customer: BuiltCustomer;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  dealer = await buildCompany(db);
  const rival = await buildCompany(db);
  const member = await buildMember(db, dealer);
  session = (await signIn(t.app, member.email, member.password)).accessToken;
  rivalSession = (await signIn(t.app, rival.owner.email, rival.owner.password)).accessToken;
  customer = await buildCustomer(db, dealer, {
    contact_name: 'Jane Roe',
    reference: 'R-1',
    address: '1 Main St',
    contact_email: 'jane@customer.test',
    contact_phone: '+886 2 1234',
  });
  await db
    .insertInto('license_catalogue')
    .values([
      { id: 'XPRO-1Y', name: 'xPro license 1 year', duration_days: 365 },
      { id: 'SPK-1Y', name: 'Speaker license 1 year', duration_days: 365 },
      { id: 'STO-30D', name: 'Storage license 30 days retention', duration_days: 365 },
    ])
    .execute();
  await db
    .insertInto('license_inventory')
    .values([
      { company_id: dealer.id, license_id: 'XPRO-1Y', quantity: 12 },
      { company_id: dealer.id, license_id: 'SPK-1Y', quantity: 0 },
      { company_id: rival.id, license_id: 'XPRO-1Y', quantity: 99 },
    ])
    .execute();
});

afterAll(() => t?.close());

const metadataUrl = (orgId: string) => `/api/default/v1/organizations/${orgId}/metadata`;

describe('license catalogue and inventory', () => {
  it('GET /license/info derives the type from the name', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/default/license/info',
      headers: bearer(session),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().model).toEqual([
      { id: 'SPK-1Y', name: 'Speaker license 1 year', duration: 365, type: 'IP_SPEAKER' },
      { id: 'STO-30D', name: 'Storage license 30 days retention', duration: 365, type: 'CLOUD_BACKUP' },
      { id: 'XPRO-1Y', name: 'xPro license 1 year', duration: 365, type: 'STD' },
    ]);
  });

  it("GET /license/quantity is the caller's company stock only", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/default/license/quantity',
      headers: bearer(session),
    });
    expect(res.json().items).toEqual([
      { id: 'SPK-1Y', quantity: 0 },
      { id: 'XPRO-1Y', quantity: 12 },
    ]);
    const rival = await t.app.inject({
      method: 'GET',
      url: '/api/default/license/quantity',
      headers: bearer(rivalSession),
    });
    expect(rival.json().items).toEqual([{ id: 'XPRO-1Y', quantity: 99 }]);
  });

  it('needs a session token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/default/license/quantity' });
    expect(res.statusCode).toBe(401);
  });
});

describe('organization metadata', () => {
  it('reads name (contact), reference, address, email and phone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: metadataUrl(customer.id),
      headers: bearer(session),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Jane Roe',
      reference: 'R-1',
      address: '1 Main St',
      email: 'jane@customer.test',
      phone: '+886 2 1234',
    });
  });

  it('PATCH changes only the fields sent and audit-logs what changed', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: metadataUrl(customer.id),
      headers: bearer(session),
      payload: { email: ' new@customer.test ', phone: '+886 2 1234' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Jane Roe', email: 'new@customer.test', phone: '+886 2 1234' });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'details', 'company_id'])
      .where('action', '=', 'organization.metadata.update')
      .execute();
    expect(audit).toEqual([
      {
        action: 'organization.metadata.update',
        target_id: customer.id,
        company_id: dealer.id,
        details: { changed: { email: { from: 'jane@customer.test', to: 'new@customer.test' } } },
      },
    ]);
  });

  it('refuses invalid fields with the shared validation messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'Invalid e-mail'],
      [{ phone: 'call me' }, 'Invalid phone number'],
      [{ address: '<script>' }, 'Invalid characters: < >'],
      [{ name: 'Bob & Co' }, 'Invalid characters: &'],
      [{}, 'Nothing to change'],
      [{ unknown: 'x' }, 'Unrecognized key'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: metadataUrl(customer.id),
        headers: bearer(session),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toContain(message);
    }
  });

  it('keeps the line breaks of a multi-line address (CR LF stored as LF) and reads them back', async () => {
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: metadataUrl(customer.id), headers: bearer(session), payload });
    const saved = await patch({ address: '1 Main St\r\nTaipei 100\n' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().address).toBe('1 Main St\nTaipei 100');
    const read = await t.app.inject({
      method: 'GET',
      url: metadataUrl(customer.id),
      headers: bearer(session),
    });
    expect(read.json().address).toBe('1 Main St\nTaipei 100');
    const tab = await patch({ address: '1 Main St\tTaipei' });
    expect(tab.statusCode).toBe(400);
    expect(tab.json().fields).toEqual([{ field: 'address', message: 'Invalid characters: U+0009' }]);
  });

  it("takes optional fields of only spaces as empty, and says 'Invalid e-mail' of any bad e-mail", async () => {
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: metadataUrl(customer.id), headers: bearer(session), payload });
    for (const email of ['ann@', `${'a'.repeat(250)}@example.com`, 'a b@example.com']) {
      const res = await patch({ email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().fields, email).toEqual([{ field: 'email', message: 'Invalid e-mail' }]);
    }
    const blank = await patch({ name: '  ', reference: '\u3000', email: ' ', phone: ' ' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toMatchObject({ name: '', reference: '', email: '', phone: '' });
    const invisible = await patch({ name: 'Jane\u200bRoe' });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().fields).toEqual([{ field: 'name', message: 'Invalid characters: U+200B' }]);
  });

  it("is 404 for another company's customer and malformed ids", async () => {
    for (const [method, url, token] of [
      ['GET', metadataUrl(customer.id), rivalSession],
      ['PATCH', metadataUrl(customer.id), rivalSession],
      ['GET', metadataUrl('nope'), session],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(token),
        payload: method === 'PATCH' ? { reference: 'X' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
