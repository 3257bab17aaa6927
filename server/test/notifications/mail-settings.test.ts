import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, type BuiltUser, buildCompany, buildMember } from '../helpers/factories.ts';
import { buildCustomer } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const BASE = '/api/notifications/v1';
let t: TestApp;
let acme: BuiltCompany;
let member: BuiltUser;
let other: BuiltCompany;
let owner: string;
let memberToken: string;
let otherToken: string;
let customerId: string;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.app.db);
  member = await buildMember(t.app.db, acme);
  other = await buildCompany(t.app.db);
  owner = (await signIn(t.app, acme.owner.email, acme.owner.password)).accessToken;
  memberToken = (await signIn(t.app, member.email, member.password)).accessToken;
  otherToken = (await signIn(t.app, other.owner.email, other.owner.password)).accessToken;
  customerId = (await buildCustomer(t.app.db, acme)).id;
});
afterAll(() => t.close());

const call = (method: string, url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `${BASE}${url}`,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const audit = (action: string) =>
  t.app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('company_id', '=', acme.id)
    .execute();

describe('notification settings', () => {
  it('starts with the default rule and UTC; the owner sets the time zone, audited', async () => {
    const before = await call('GET', '/settings', memberToken);
    expect(before.json()).toEqual({ timeZone: 'UTC', rules: [], usingDefaultRule: true });
    expect((await call('PATCH', '/settings', memberToken, { timeZone: 'Asia/Taipei' })).statusCode).toBe(403);
    const bad = await call('PATCH', '/settings', owner, { timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Invalid time zone');
    const ok = await call('PATCH', '/settings', owner, { timeZone: 'Asia/Taipei' });
    expect(ok.json().timeZone).toBe('Asia/Taipei');
    expect(await audit('notifications.settings.update')).toHaveLength(1);
  });

  it('creates, changes and deletes rules (owner only), with SPEC §5 name messages and audit rows', async () => {
    const special = await call('POST', '/rules', owner, {
      name: 'Night <shift>',
      recipients: 'owner',
      delivery: 'immediate',
    });
    expect(special.statusCode).toBe(400);
    expect(special.body).toContain('Special characters are not allowed');
    const empty = await call('POST', '/rules', owner, {
      name: '  ',
      recipients: 'owner',
      delivery: 'digest',
    });
    expect(empty.statusCode).toBe(400);
    const badEvent = await call('POST', '/rules', owner, {
      name: 'Cams',
      events: ['CAMERA.NOPE'],
      recipients: 'owner',
      delivery: 'immediate',
    });
    expect(badEvent.statusCode).toBe(400);
    const stranger = await call('POST', '/rules', owner, {
      name: 'Cams',
      recipients: [other.owner.id],
      delivery: 'immediate',
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().detail).toBe('A recipient is not a member of your company.');
    const foreignCustomer = await call('POST', '/rules', owner, {
      name: 'Cams',
      recipients: 'members',
      organizationIds: [(await buildCustomer(t.app.db, other)).id],
      delivery: 'immediate',
    });
    expect(foreignCustomer.json().detail).toBe('A customer is not one of your customers.');
    expect(
      (
        await call('POST', '/rules', memberToken, {
          name: 'Cams',
          recipients: 'owner',
          delivery: 'immediate',
        })
      ).statusCode,
    ).toBe(403);

    const created = await call('POST', '/rules', owner, {
      name: 'Cameras of one customer',
      events: ['CAMERA', 'SERVER.DISK_FAILED'],
      organizationIds: [customerId],
      recipients: [member.id],
      delivery: 'immediate',
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule).toMatchObject({
      name: 'Cameras of one customer',
      events: ['CAMERA', 'SERVER.DISK_FAILED'],
      organizationIds: [customerId],
      recipients: [member.id],
      delivery: 'immediate',
      reminders: true,
    });
    const settings = (await call('GET', '/settings', memberToken)).json();
    expect(settings.usingDefaultRule).toBe(false);
    expect(settings.rules).toHaveLength(1);

    expect((await call('PATCH', `/rules/${rule.id}`, memberToken, { name: 'X' })).statusCode).toBe(403);
    expect((await call('PATCH', `/rules/${rule.id}`, otherToken, { name: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `/rules/${rule.id}`, otherToken)).statusCode).toBe(404);
    const patched = await call('PATCH', `/rules/${rule.id}`, owner, { delivery: 'digest' });
    expect(patched.json()).toMatchObject({
      delivery: 'digest',
      name: 'Cameras of one customer',
      events: rule.events,
    });
    expect((await call('PATCH', `/rules/${rule.id}`, owner, { bogus: 1 })).statusCode).toBe(400);
    expect((await call('DELETE', `/rules/${rule.id}`, memberToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/rules/${rule.id}`, owner)).statusCode).toBe(204);
    expect((await call('DELETE', `/rules/${rule.id}`, owner)).statusCode).toBe(404);
    expect((await call('GET', '/settings', owner)).json().usingDefaultRule).toBe(true);

    expect(await audit('notifications.rule.create')).toHaveLength(1);
    const updates = await audit('notifications.rule.update');
    expect(updates).toHaveLength(1);
    expect(updates[0]?.details).toMatchObject({ delivery: { from: 'immediate', to: 'digest' } });
    expect(await audit('notifications.rule.delete')).toHaveLength(1);
  });

  it('lets every member set their own subscription, defaults until saved', async () => {
    const fresh = await call('GET', '/subscription', memberToken);
    expect(fresh.json()).toEqual({
      delivery: 'immediate',
      events: [],
      organizationIds: null,
      reminders: true,
      quietHours: null,
      digestHour: 8,
      timeZone: null,
      saved: false,
    });
    const badZone = await call('PUT', '/subscription', memberToken, {
      delivery: 'digest',
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.body).toContain('Invalid time zone');
    const badHours = await call('PUT', '/subscription', memberToken, {
      delivery: 'immediate',
      quietHours: { from: '22:00', to: '25:00' },
    });
    expect(badHours.statusCode).toBe(400);
    expect(badHours.body).toContain('Invalid time');
    const saved = await call('PUT', '/subscription', memberToken, {
      delivery: 'digest',
      events: ['SERVER'],
      organizationIds: [customerId],
      reminders: false,
      quietHours: { from: '22:00', to: '07:00' },
      digestHour: 9,
      timeZone: 'Europe/Lisbon',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      delivery: 'digest',
      events: ['SERVER'],
      organizationIds: [customerId],
      reminders: false,
      quietHours: { from: '22:00', to: '07:00' },
      digestHour: 9,
      timeZone: 'Europe/Lisbon',
      saved: true,
    });
    // The owner's own subscription is untouched.
    expect((await call('GET', '/subscription', owner)).json().saved).toBe(false);
    const rows = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'notifications.subscription.update')
      .where('actor_user_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
