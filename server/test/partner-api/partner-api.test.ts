import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/domain/api-keys/api-keys.ts';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  type BuiltCustomer,
  type BuiltSite,
  buildCustomer,
  buildDevice,
  buildIncident,
  buildLicense,
  buildSite,
} from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 27 item 5: the partner API's routes, filters, pages, ETags, acknowledge and hierarchy. */

let t: TestApp;
let acme: BuiltCompany;
let other: BuiltCompany;
let customers: BuiltCustomer[];
let sites: BuiltSite[];
let otherCustomer: BuiltCustomer;
let keys: { read: string; write: string; other: string; distributor: string; hq: string };
let incidents: { open: string; resolved: string; other: string };

const from = { address: '127.0.0.1', userAgent: null };
const key = async (company: BuiltCompany, scopes: ('read' | 'incidents:write')[], name = 'Key') =>
  (await createApiKey(t.app.db, { userId: company.owner.id, companyId: company.id }, { name, scopes }, from))
    .key;

let downDeviceId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  const distributor = await buildCompany(db, { name: 'Disty', roles: ['disty'] });
  acme = await buildCompany(db, { name: 'Acme', parentCompanyId: distributor.id });
  other = await buildCompany(db, { name: 'Other' });
  const hq = await buildCompany(db, { name: 'HQ', roles: ['hq-pm'] });
  customers = [];
  sites = [];
  for (let i = 0; i < 3; i++) {
    const customer = await buildCustomer(db, acme);
    customers.push(customer);
    sites.push(await buildSite(db, customer));
  }
  otherCustomer = await buildCustomer(db, other);
  const otherSite = await buildSite(db, otherCustomer);
  const [s0, s1] = sites as [BuiltSite, BuiltSite];
  const camera = await buildDevice(db, s0, { name: 'Lobby' });
  // By id: the paging test renames whichever device comes first.
  downDeviceId = (await buildDevice(db, s0, { name: 'Down', online: false, recording: false })).id;
  await buildDevice(db, s1, { name: 'Speaker', device_type: 'IP_SPEAKER', device_category: null });
  await buildDevice(db, otherSite, { name: 'Elsewhere' });
  await buildLicense(db, customers[0] as BuiltCustomer, { deviceId: camera.id, expiresInDays: -3 });
  await buildLicense(db, customers[0] as BuiltCustomer, { expiresInDays: 10 });
  await buildLicense(db, customers[1] as BuiltCustomer, { expiresInDays: 200 });
  await buildLicense(db, otherCustomer, { expiresInDays: 5 });
  incidents = {
    open: (await buildIncident(db, s0, { category: 'CAMERA', alert_type: 'OFFLINE', deviceId: camera.id }))
      .id,
    resolved: (await buildIncident(db, s1, { category: 'SERVER', alert_type: 'DISK_FAILED', resolved: true }))
      .id,
    other: (await buildIncident(db, otherSite, { category: 'CAMERA', alert_type: 'OFFLINE' })).id,
  };
  keys = {
    read: await key(acme, ['read'], 'Reader'),
    write: await key(acme, ['read', 'incidents:write'], 'Ticketing'),
    other: await key(other, ['read', 'incidents:write']),
    distributor: await key(distributor, ['read', 'incidents:write']),
    hq: await key(hq, ['read']),
  };
}, 120_000);
afterAll(() => t.close());

const get = (url: string, token = keys.read, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/partner/v1${url}`, headers: { ...bearer(token), ...headers } });
const post = (url: string, token = keys.write) =>
  t.app.inject({ method: 'POST', url: `/api/partner/v1${url}`, headers: bearer(token) });
const ids = (res: { json: () => { items: { id: string }[] } }) => res.json().items.map((item) => item.id);

describe('partner API', () => {
  it('lists the key company’s customers in keyset pages of `limit`, never another company’s', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/customers?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.length).toBeLessThanOrEqual(2);
      seen.push(...ids(res));
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(customers.map((c) => c.id).sort());
    expect((await get('/customers?limit=501')).statusCode).toBe(400);
    expect((await get('/customers?limit=0')).statusCode).toBe(400);
    expect((await get('/customers?cursor=bm9wZQ')).statusCode).toBe(400);
    expect((await get('/customers?limit=500')).statusCode).toBe(200);
  });

  it('one customer with its counts and an ETag: If-None-Match answers 304 until it changes', async () => {
    const customer = customers[0] as BuiltCustomer;
    const first = await get(`/customers/${customer.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: customer.id, sites: 1, devices: 2, openIncidents: 1 });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const same = await get(`/customers/${customer.id}`, keys.read, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    await t.app.db
      .updateTable('organizations')
      .set({ contact_name: 'New contact' })
      .where('id', '=', customer.id)
      .execute();
    const changed = await get(`/customers/${customer.id}`, keys.read, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().contactName).toBe('New contact');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('another company’s customer, its sites and its incident are 404, as are ids that name nothing', async () => {
    for (const url of [
      `/customers/${otherCustomer.id}`,
      `/customers/${otherCustomer.id}/sites`,
      `/incidents/${incidents.other}`,
      '/customers/not-a-uuid',
      '/incidents/abc',
      '/incidents/99999999',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await post(`/incidents/${incidents.other}/acknowledge`)).statusCode).toBe(404);
  });

  it('a customer’s sites', async () => {
    const res = await get(`/customers/${customers[0]?.id}/sites`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ id: sites[0]?.id, customerId: customers[0]?.id }),
    ]);
  });

  it('devices by customer, state and type', async () => {
    const all = await get('/devices');
    expect(
      all
        .json()
        .items.map((d: { name: string }) => d.name)
        .sort(),
    ).toEqual(['Down', 'Lobby', 'Speaker']);
    const names = async (query: string) =>
      (await get(`/devices?${query}`))
        .json()
        .items.map((d: { name: string }) => d.name)
        .sort();
    expect(await names(`customerId=${customers[1]?.id}`)).toEqual(['Speaker']);
    expect(await names('state=OFFLINE')).toEqual(['Down']);
    expect(await names('state=RECORDING')).toEqual(['Lobby', 'Speaker']);
    expect(await names('type=IP_SPEAKER')).toEqual(['Speaker']);
    expect((await get('/devices?state=BROKEN')).statusCode).toBe(400);
    expect((await get(`/devices?customerId=${otherCustomer.id}`)).json().items).toEqual([]);
  });

  it('updatedSince returns the devices whose visible fields changed, not those a heartbeat only touched', async () => {
    const db = t.app.db;
    await sql`update devices set updated_at = now() - interval '1 day' where company_id = ${acme.id}`.execute(
      db,
    );
    const since = new Date(Date.now() - 60_000).toISOString();
    expect((await get(`/devices?updatedSince=${since}`)).json().items).toEqual([]);
    // A heartbeat: the report times move, nothing visible changes.
    await sql`update devices set reported_at = jsonb_build_object('connected', now()) where company_id = ${acme.id}`.execute(
      db,
    );
    expect((await get(`/devices?updatedSince=${since}`)).json().items).toEqual([]);
    await sql`update devices set online = false where company_id = ${acme.id} and name = 'Lobby'`.execute(db);
    const changed = (await get(`/devices?updatedSince=${since}`)).json().items;
    expect(changed.map((d: { name: string; state: string }) => [d.name, d.state])).toEqual([
      ['Lobby', 'OFFLINE'],
    ]);
    expect(Date.parse(changed[0].updatedAt)).toBeGreaterThanOrEqual(Date.parse(since));
    expect((await get('/devices?updatedSince=yesterday')).statusCode).toBe(400);
  });

  it('device pages sorted by change time: a device changed while paging is read again, not missed', async () => {
    const db = t.app.db;
    await sql`update devices set updated_at = now() - interval '1 hour' where company_id = ${acme.id}`.execute(
      db,
    );
    const first = await get('/devices?limit=1');
    const [firstId] = ids(first);
    await sql`update devices set name = 'Renamed' where id = ${firstId}`.execute(db);
    const seen = [firstId];
    let cursor = first.json().next_cursor;
    while (cursor) {
      const res = await get(`/devices?limit=1&cursor=${cursor}`);
      seen.push(...ids(res));
      cursor = res.json().next_cursor;
    }
    expect(seen).toHaveLength(4);
    expect(seen.at(-1)).toBe(firstId);
  });

  it('incidents by state, customer and start, newest first', async () => {
    expect(ids(await get('/incidents'))).toEqual([incidents.open]);
    expect(ids(await get('/incidents?state=resolved'))).toEqual([incidents.resolved]);
    expect(ids(await get('/incidents?state=all')).sort()).toEqual(
      [incidents.open, incidents.resolved].sort(),
    );
    expect(ids(await get(`/incidents?state=all&customerId=${customers[1]?.id}`))).toEqual([
      incidents.resolved,
    ]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(ids(await get(`/incidents?state=all&since=${future}`))).toEqual([]);
    const one = await get(`/incidents/${incidents.open}`);
    expect(one.json()).toMatchObject({
      id: incidents.open,
      customerId: customers[0]?.id,
      acknowledgedAt: null,
    });
    expect(
      (await get(`/incidents/${incidents.open}`, keys.read, { 'if-none-match': one.headers.etag as string }))
        .statusCode,
    ).toBe(304);
  });

  it('acknowledge needs incidents:write; the incident then names the key; audited with the key as actor', async () => {
    const refused = await post(`/incidents/${incidents.open}/acknowledge`, keys.read);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This API key does not have the incidents:write scope.');
    const res = await post(`/incidents/${incidents.open}/acknowledge`, keys.write);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: incidents.open, acknowledgedBy: 'Ticketing' });
    expect(Date.parse(res.json().acknowledgedAt)).toBeGreaterThan(0);
    const again = await post(`/incidents/${incidents.open}/acknowledge`, keys.write);
    expect(again.json().acknowledgedAt).toBe(res.json().acknowledgedAt);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'actor_type', 'actor_name', 'company_id'])
      .where('action', '=', 'incident.acknowledge')
      .where('target_id', '=', incidents.open)
      .execute();
    expect(audit).toEqual([
      { actor_user_id: null, actor_type: 'api-key', actor_name: 'Ticketing', company_id: acme.id },
    ]);
  });

  it('mutes and unmutes a device with incidents:write; the timeline names the key; another company’s is 404', async () => {
    const device = { id: downDeviceId };
    const mute = (token: string, id = device.id, minutes: unknown = 60) =>
      t.app.inject({
        method: 'POST',
        url: `/api/partner/v1/devices/${id}/mute`,
        headers: bearer(token),
        payload: { minutes },
      });
    expect((await mute(keys.read)).statusCode).toBe(403);
    expect((await mute(keys.write, device.id, 5)).statusCode).toBe(400);
    const muted = await mute(keys.write);
    expect(muted.statusCode, muted.body).toBe(200);
    expect(Date.parse(muted.json().mutedUntil)).toBeGreaterThan(Date.now() + 50 * 60_000);
    const other = await t.app.db
      .selectFrom('devices')
      .select('id')
      .where('name', '=', 'Elsewhere')
      .executeTakeFirstOrThrow();
    expect((await mute(keys.write, other.id)).statusCode).toBe(404);
    const unmuted = await t.app.inject({
      method: 'DELETE',
      url: `/api/partner/v1/devices/${device.id}/mute`,
      headers: bearer(keys.write),
    });
    expect(unmuted.json()).toEqual({ deviceId: device.id, mutedUntil: null });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', device.id)
      .orderBy('at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['device.mute', 'device.unmute']);
  });

  it('licenses by state and expiry window, soonest first', async () => {
    const dates = async (query: string) =>
      (await get(`/licenses?${query}`)).json().items.map((l: { state: string }) => l.state);
    expect(await dates('')).toEqual(['expired', 'active', 'active']);
    expect(await dates('state=expired')).toEqual(['expired']);
    expect(await dates('state=active')).toEqual(['active', 'active']);
    expect(await dates('expiringWithinDays=30')).toEqual(['active']);
    expect(await dates(`customerId=${customers[1]?.id}`)).toEqual(['active']);
    expect((await get('/licenses?expiringWithinDays=-1')).statusCode).toBe(400);
  });

  it('a distributor’s key reads the roll-ups and its dealer’s data read-only; other dealers are 404', async () => {
    const partners = await get('/partners', keys.distributor);
    expect(partners.statusCode, partners.body).toBe(200);
    expect(partners.json().items.map((p: { companyId: string }) => p.companyId)).toEqual([acme.id]);
    expect((await get(`/partners/${acme.id}`, keys.distributor)).statusCode).toBe(200);
    expect((await get(`/partners/${other.id}`, keys.distributor)).statusCode).toBe(404);
    const dealerCustomers = await get(`/customers?companyId=${acme.id}`, keys.distributor);
    expect(ids(dealerCustomers).sort()).toEqual(customers.map((c) => c.id).sort());
    expect(ids(await get(`/incidents?companyId=${acme.id}&state=all`, keys.distributor))).toHaveLength(2);
    expect((await get(`/customers?companyId=${other.id}`, keys.distributor)).statusCode).toBe(404);
    expect((await get('/customers', keys.distributor)).json().items).toEqual([]);
    const write = await t.app.inject({
      method: 'POST',
      url: `/api/partner/v1/incidents/${incidents.resolved}/acknowledge?companyId=${acme.id}`,
      headers: bearer(keys.distributor),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().detail).toBe('This view is read-only.');
    expect(ids(await get(`/customers?companyId=${other.id}`, keys.hq)).sort()).toEqual([otherCustomer.id]);
  });

  it('a dealer’s key cannot read the roll-ups (403) nor name another company (404)', async () => {
    const res = await get('/partners', keys.read);
    expect(res.statusCode).toBe(403);
    expect((await get(`/partners/${acme.id}`, keys.read)).statusCode).toBe(403);
    expect((await get(`/customers?companyId=${other.id}`, keys.read)).statusCode).toBe(404);
    expect(ids(await get(`/customers?companyId=${acme.id}`, keys.read))).toHaveLength(3);
  });

  it('limits calls per key: RateLimit-* headers on every answer, 429 with Retry-After beyond the limit', async () => {
    const limited = await buildTestApp({ PARTNER_API_RATE_LIMIT_PER_MINUTE: '3' }, { database: t.database });
    try {
      const own = await key(acme, ['read'], 'Limited');
      const call = (token: string) =>
        limited.app.inject({ method: 'GET', url: '/api/partner/v1/customers', headers: bearer(token) });
      for (let i = 1; i <= 3; i++) {
        const res = await call(own);
        expect(res.statusCode).toBe(200);
        expect(res.headers['ratelimit-limit']).toBe('3');
        expect(res.headers['ratelimit-remaining']).toBe(String(3 - i));
        expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
      }
      const refused = await call(own);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().extraType).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Per key: another key of the same company still gets through.
      expect((await call(await key(acme, ['read'], 'Fresh'))).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('partner API in the OpenAPI document (/api/docs)', () => {
  it('publishes every partner route with the API-key scheme, and examples of what they answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json() as {
      components: { securitySchemes: Record<string, { scheme: string }> };
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(spec.components.securitySchemes.apiKey?.scheme).toBe('bearer');
    const partnerPaths = Object.keys(spec.paths).filter((path) => path.startsWith('/api/partner/v1/'));
    expect(partnerPaths.sort()).toEqual([
      '/api/partner/v1/customers',
      '/api/partner/v1/customers/{id}',
      '/api/partner/v1/customers/{id}/sites',
      '/api/partner/v1/devices',
      '/api/partner/v1/devices/{id}/mute',
      '/api/partner/v1/incidents',
      '/api/partner/v1/incidents/{id}',
      '/api/partner/v1/incidents/{id}/acknowledge',
      '/api/partner/v1/licenses',
      '/api/partner/v1/partners',
      '/api/partner/v1/partners/{companyId}',
    ]);
    for (const path of partnerPaths)
      for (const operation of Object.values(spec.paths[path] ?? {}))
        expect(operation.security, path).toEqual([{ apiKey: [] }]);
    const devices = JSON.stringify(spec.paths['/api/partner/v1/devices']?.get?.responses);
    expect(devices).toContain('Lobby camera');
    expect(JSON.stringify(spec.paths['/api/partner/v1/incidents']?.get?.responses)).toContain('Maggio LLC');
  });
});
