import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyHash } from '../../src/domain/api-keys/key-text.ts';
import { type BuiltCompany, buildCompany, buildMember } from '../helpers/factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 27 items 4 and 6: a company's API keys, created, listed and revoked by the owner. */

let t: TestApp;
let acme: BuiltCompany;
let owner: string;
let member: string;
let other: string;
let otherId: string;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.app.db, { name: 'Acme' });
  const acmeMember = await buildMember(t.app.db, acme);
  const otherCompany = await buildCompany(t.app.db, { name: 'Other' });
  owner = (await signIn(t.app, acme.owner.email, acme.owner.password)).accessToken;
  member = (await signIn(t.app, acmeMember.email, acmeMember.password)).accessToken;
  otherId = otherCompany.id;
  other = (await signIn(t.app, otherCompany.owner.email, otherCompany.owner.password)).accessToken;
}, 120_000);
afterAll(() => t.close());

const keysUrl = () => `/api/reseller/v1/companies/${acme.id}/api-keys`;
const create = (token: string, payload: object = { name: 'Ticketing', scopes: ['read'] }) =>
  t.app.inject({ method: 'POST', url: keysUrl(), headers: bearer(token), payload });
const list = (token = owner) => t.app.inject({ method: 'GET', url: keysUrl(), headers: bearer(token) });
const callApi = (key: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/partner/v1/customers', headers: { ...bearer(key), ...headers } });

describe('API keys', () => {
  it('the owner creates a key: ppk_ + 43 base62 characters, shown once, stored only as its hash', async () => {
    const res = await create(owner, { name: '  Ticketing  ', scopes: ['incidents:write', 'read'] });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.key).toMatch(/^ppk_[0-9A-Za-z]{43}$/);
    expect(created).toMatchObject({
      name: 'Ticketing',
      scopes: ['incidents:write', 'read'],
      createdBy: acme.owner.name,
      lastUsedAt: null,
      callsToday: 0,
    });
    const row = await t.app.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(apiKeyHash(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(4));
    const listed = await list();
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.key);
    expect(listed.json().items.map((k: { id: string }) => k.id)).toContain(created.id);
    expect(listed.json().items[0]).not.toHaveProperty('key');
  });

  it('two keys never share their text', async () => {
    const a = (await create(owner)).json().key;
    const b = (await create(owner)).json().key;
    expect(a).not.toBe(b);
  });

  it('members get 403 for every key operation; another company 404', async () => {
    expect((await create(member)).statusCode).toBe(403);
    expect((await list(member)).statusCode).toBe(403);
    const id = (await create(owner)).json().id;
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `${keysUrl()}/${id}`,
      headers: bearer(member),
    });
    expect(revoke.statusCode).toBe(403);
    expect((await create(other)).statusCode).toBe(404);
    expect((await list(other)).statusCode).toBe(404);
  });

  it('refuses a bad name or scopes with 400', async () => {
    for (const payload of [
      { name: '', scopes: ['read'] },
      { name: 'x'.repeat(101), scopes: ['read'] },
      { name: 'A', scopes: [] },
      { name: 'A', scopes: ['admin'] },
      { name: 'A', scopes: ['read', 'read'] },
      { name: 'A' },
      { name: 'A', scopes: ['read'], extra: 1 },
    ]) {
      const res = await create(owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('refuses special characters in a name with the message of the form (SPEC §5)', async () => {
    for (const name of ['Tickets <b>', 'a;b', 'key/1']) {
      const res = await create(owner, { name, scopes: ['read'] });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().detail, name).toContain('Special characters are not allowed');
    }
    const ok = await create(owner, { name: '工單 system_2-a', scopes: ['read'] });
    expect(ok.statusCode).toBe(201);
  });

  it('counts each call per day, shows when it was last used, audits the first use from each address', async () => {
    const created = (await create(owner, { name: 'Counter', scopes: ['read'] })).json();
    for (let i = 0; i < 3; i++) expect((await callApi(created.key)).statusCode).toBe(200);
    await callApi(created.key, { 'x-forwarded-for': '203.0.113.9' }); // not a trusted proxy: same address
    // The counts are written about once a second; the test writes them now.
    await t.app.apiKeyUsage.flush();
    const key = (await list()).json().items.find((k: { id: string }) => k.id === created.id);
    expect(key.callsToday).toBe(4);
    expect(Date.parse(key.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'actor_type', 'actor_id', 'actor_name', 'address'])
      .where('target_id', '=', created.id)
      .orderBy('at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['api-key.create', 'api-key.new-address']);
    expect(audit[0]?.actor_user_id).toBe(acme.owner.id);
    expect(audit[1]).toMatchObject({
      actor_type: 'api-key',
      actor_id: created.id,
      actor_name: 'Counter',
      address: '127.0.0.1',
    });
  });

  it('a key used from a second address is audited once more (TRUST_PROXY names the proxy)', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: 'loopback' }, { database: t.database });
    try {
      const created = (await create(owner, { name: 'Two places', scopes: ['read'] })).json();
      await callApi(created.key, { 'x-forwarded-for': '198.51.100.7' }, proxied.app);
      await callApi(created.key, { 'x-forwarded-for': '198.51.100.7' }, proxied.app);
      await callApi(created.key, { 'x-forwarded-for': '198.51.100.8' }, proxied.app);
      await proxied.app.apiKeyUsage.flush();
      // Another process that sees the same addresses records nothing new.
      await callApi(created.key, { 'x-forwarded-for': '198.51.100.7' }, t.app);
      await t.app.apiKeyUsage.flush();
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select('address')
        .where('target_id', '=', created.id)
        .where('action', '=', 'api-key.new-address')
        .execute();
      expect(audit.map((row) => row.address).sort()).toEqual(['127.0.0.1', '198.51.100.7', '198.51.100.8']);
    } finally {
      await proxied.close();
    }
  });

  it('writes the counts by itself within seconds, and the last ones when the server closes', async () => {
    const created = (await create(owner, { name: 'Timer', scopes: ['read'] })).json();
    await callApi(created.key);
    const callsToday = async () =>
      (await list()).json().items.find((k: { id: string }) => k.id === created.id).callsToday;
    await expect.poll(callsToday, { timeout: 15_000, interval: 200 }).toBe(1);
    const closing = await buildTestApp({}, { database: t.database });
    await callApi(created.key, {}, closing.app);
    await callApi(created.key, {}, closing.app);
    await closing.close();
    expect(await callsToday()).toBe(3);
  });

  it('a revoked key is refused at once with 401, by this process and by another on the same database', async () => {
    const second = await buildTestApp({}, { database: t.database });
    try {
      const created = (await create(owner, { name: 'Soon gone', scopes: ['read'] })).json();
      expect((await callApi(created.key)).statusCode).toBe(200);
      expect((await callApi(created.key, {}, second.app)).statusCode).toBe(200);
      const revoke = await t.app.inject({
        method: 'DELETE',
        url: `${keysUrl()}/${created.id}`,
        headers: bearer(owner),
      });
      expect(revoke.statusCode).toBe(204);
      for (const app of [t.app, second.app]) {
        const res = await callApi(created.key, {}, app);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: 'Invalid or revoked API key', extraType: 'UNAUTHORIZED' });
      }
      expect((await list()).json().items.map((k: { id: string }) => k.id)).not.toContain(created.id);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `${keysUrl()}/${created.id}`,
        headers: bearer(owner),
      });
      expect(again.statusCode).toBe(404);
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', created.id)
        .where('action', '=', 'api-key.revoke')
        .execute();
      expect(audit).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('another company cannot revoke the key (404), and it keeps working', async () => {
    const created = (await create(owner)).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/reseller/v1/companies/${otherId}/api-keys/${created.id}`,
      headers: bearer(other),
    });
    expect(res.statusCode).toBe(404);
    expect((await callApi(created.key)).statusCode).toBe(200);
  });
});
