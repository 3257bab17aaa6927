import { NOTIFICATION_MESSAGES, type Webhook, type WebhookWithSecret } from '@portal/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany, buildMember } from '../helpers/factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** Webhook CRUD (issue 15 items 5, 6, 8): SPEC §5 validation, owner-only changes, tenancy, secret once, audit. */

let t: TestApp;
let acme: BuiltCompany;
let owner: string;
let member: string;
let other: string;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.app.db);
  const rival = await buildCompany(t.app.db);
  const m = await buildMember(t.app.db, acme);
  owner = (await signIn(t.app, acme.owner.email, acme.owner.password)).accessToken;
  member = (await signIn(t.app, m.email, m.password)).accessToken;
  other = (await signIn(t.app, rival.owner.email, rival.owner.password)).accessToken;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/notifications/v1/webhooks${path}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

const valid = { name: 'Ticket system', url: 'https://tickets.example.com/hooks/portal' };

async function create(body: object = valid): Promise<WebhookWithSecret> {
  const res = await call('POST', '', owner, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const auditOf = (id: string) =>
  t.app.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id', 'company_id', 'details'])
    .where('target_id', '=', id)
    .orderBy('id')
    .execute();

describe('webhooks CRUD', () => {
  it('creates a webhook and shows its secret once, never again', async () => {
    const created = await create({ ...valid, events: ['CAMERA', 'SERVER.OFFLINE'] });
    expect(created).toMatchObject({
      name: 'Ticket system',
      url: valid.url,
      events: ['CAMERA', 'SERVER.OFFLINE'],
      template: null,
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
      lastDelivery: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const bytes = Buffer.from(created.secret.slice('whsec_'.length), 'base64').length;
    expect(bytes).toBeGreaterThanOrEqual(24);
    expect(bytes).toBeLessThanOrEqual(32);

    const list = await call('GET', '', member);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((w: Webhook) => w.id)).toContain(created.id);
    const one = await call('GET', `/${created.id}`, member);
    expect(one.statusCode).toBe(200);
    for (const body of [list.body, one.body]) {
      expect(body).not.toContain(created.secret);
      expect(body).not.toContain('secret"');
    }
    // Stored sealed, not as the secret.
    const row = await t.app.db
      .selectFrom('webhooks')
      .select('secret_sealed')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(created.secret.slice(6));
    expect(await auditOf(created.id)).toMatchObject([
      { action: 'webhook.create', actor_user_id: acme.owner.id, company_id: acme.id },
    ]);
    expect(JSON.stringify(await auditOf(created.id))).not.toContain(created.secret);
  });

  it.each([
    [{ ...valid, name: 'Tickets <b>' }, 'name', NOTIFICATION_MESSAGES.specialCharacters],
    [{ ...valid, name: 'semi;colon' }, 'name', NOTIFICATION_MESSAGES.specialCharacters],
    [{ ...valid, url: 'ftp://tickets.example.com/x' }, 'url', NOTIFICATION_MESSAGES.invalidUrl],
    [{ ...valid, url: 'tickets.example.com/x' }, 'url', NOTIFICATION_MESSAGES.invalidUrl],
    [{ ...valid, url: 'http://10.0.0.5/hook' }, 'url', NOTIFICATION_MESSAGES.ipHostNotAllowed],
    [{ ...valid, url: 'https://[::1]:8443/hook' }, 'url', NOTIFICATION_MESSAGES.ipHostNotAllowed],
    [{ ...valid, url: 'http://2130706433/hook' }, 'url', NOTIFICATION_MESSAGES.ipHostNotAllowed],
    [{ ...valid, template: '[1, 2]' }, 'template', NOTIFICATION_MESSAGES.invalidJson],
    [{ ...valid, template: '{"device": {{device.name}}' }, 'template', NOTIFICATION_MESSAGES.invalidJson],
    [{ ...valid, events: ['CAMERA.NOPE'] }, 'events', undefined],
  ])('refuses %j with 400 and the SPEC §5 message', async (body, field, message) => {
    const res = await call('POST', '', owner, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(field);
    if (message) expect(res.body).toContain(message);
  });

  it('accepts a template with placeholders inside strings and as values', async () => {
    const template =
      '{"text": "{{device.name}} is {{type}}", "incident": {{incident.id}}, "n": {{incident.affectedDevices}}}';
    const created = await create({ ...valid, template });
    expect(created.template).toBe(template);
  });

  it('lets only the owner change, test or delete; members read (403 with a message)', async () => {
    const hook = await create();
    for (const [method, path, body] of [
      ['POST', '', valid],
      ['PATCH', `/${hook.id}`, { name: 'x' }],
      ['PATCH', `/${hook.id}`, { rotateSecret: true }],
      ['DELETE', `/${hook.id}`, undefined],
      ['POST', `/${hook.id}/test`, undefined],
    ] as const) {
      const res = await call(method, path, member, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().detail).toBe('Only the company owner can do this.');
    }
    expect((await call('GET', `/${hook.id}/deliveries`, member)).statusCode).toBe(200);
  });

  it("answers 404 for another company's webhook, and for ids that name nothing", async () => {
    const hook = await create();
    for (const [method, path, body] of [
      ['GET', `/${hook.id}`, undefined],
      ['PATCH', `/${hook.id}`, { name: 'Hijack' }],
      ['DELETE', `/${hook.id}`, undefined],
      ['POST', `/${hook.id}/test`, undefined],
      ['GET', `/${hook.id}/deliveries`, undefined],
    ] as const) {
      const res = await call(method, path, other, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().detail).toBe('Webhook not found');
    }
    expect((await call('GET', '', other)).json().items).toEqual([]);
    expect((await call('GET', '/not-a-uuid', owner)).statusCode).toBe(404);
    expect((await call('GET', '/00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
    expect((await call('GET', `/${hook.id}`, owner)).json().name).toBe(valid.name);
  });

  it('updates, rotates the secret with a grace period, and audits every change', async () => {
    const hook = await create();
    const renamed = await call('PATCH', `/${hook.id}`, owner, {
      name: 'Renamed',
      events: ['LICENSE'],
      template: '{"t": "{{type}}"}',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renamed',
      events: ['LICENSE'],
      template: '{"t": "{{type}}"}',
    });
    expect(renamed.json().secret).toBeUndefined();
    // Only what is sent changes.
    const again = await call('PATCH', `/${hook.id}`, owner, { name: 'Renamed again' });
    expect(again.json()).toMatchObject({ name: 'Renamed again', events: ['LICENSE'], enabled: true });
    expect((await call('PATCH', `/${hook.id}`, owner, {})).statusCode).toBe(400);
    expect(
      (await call('PATCH', `/${hook.id}`, owner, { url: 'http://192.168.1.1/x' })).json().detail,
    ).toContain(NOTIFICATION_MESSAGES.ipHostNotAllowed);

    const rotated = await call('PATCH', `/${hook.id}`, owner, { rotateSecret: true });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret, previousSecretExpiresAt } = rotated.json();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);
    const grace = new Date(previousSecretExpiresAt).getTime() - Date.now();
    expect(grace).toBeGreaterThan(23.9 * 3600_000);
    expect(grace).toBeLessThanOrEqual(24 * 3600_000);

    // An empty template goes back to the default payload.
    expect((await call('PATCH', `/${hook.id}`, owner, { template: '' })).json().template).toBeNull();
    const deleted = await call('DELETE', `/${hook.id}`, owner);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/${hook.id}`, owner)).statusCode).toBe(404);
    const audit = await auditOf(hook.id);
    expect(audit.map((row) => row.action)).toEqual([
      'webhook.create',
      'webhook.update',
      'webhook.update',
      'webhook.rotate-secret',
      'webhook.update',
      'webhook.delete',
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('refuses unknown fields and a malformed deliveries cursor with 400', async () => {
    const hook = await create();
    expect((await call('PATCH', `/${hook.id}`, owner, { secret: 'whsec_x' })).statusCode).toBe(400);
    const res = await call('GET', `/${hook.id}/deliveries?cursor=nonsense`, owner);
    expect(res.statusCode).toBe(400);
    expect((await call('GET', `/${hook.id}/deliveries`, owner)).json()).toEqual({
      items: [],
      next_cursor: null,
    });
  });
});
