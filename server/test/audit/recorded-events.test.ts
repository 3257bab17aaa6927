import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAuditSource } from '../../src/domain/audit/audit-source.ts';
import { expireRemoteAccess } from '../../src/domain/remote-access/expiry.ts';
import { loadConfig } from '../../src/infrastructure/config/config.ts';
import { type BuiltCompany, buildCompany, TEST_PASSWORD } from '../helpers/factories.ts';
import {
  buildCustomer,
  buildDevice,
  buildIncident,
  buildSite,
  companyToken,
} from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Issue 27 item 1: what the log records, read back through the audit API as the owner would: sign-ins,
 * failed sign-ins and sign-outs in the embedded pool, password changes, incident acknowledge and mute.
 */

let t: TestApp;
let acme: BuiltCompany;

const AGENT = 'Mozilla/5.0 (Macintosh) Safari/605';
const FROM = { 'user-agent': AGENT };

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.app.db, { name: 'Acme Security' });
});
afterAll(() => t.close());

/** The owner's log filtered by action, read with a fresh sign-in (itself a `user.sign-in` entry). */
async function entries(action: string, accessToken?: string) {
  accessToken ??= (await signIn(t.app, acme.owner.email, acme.owner.password)).accessToken;
  const res = await t.app.inject({
    url: `/api/reseller/v1/companies/${acme.id}/audit?action=${action}`,
    headers: bearer(accessToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

function identity(operation: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/identity/',
    remoteAddress: '192.0.2.44',
    headers: {
      ...FROM,
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    payload: JSON.stringify(payload),
  });
}

const passwordSignIn = (password: string) =>
  identity('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: t.app.config.COGNITO_CLIENT_ID,
    AuthParameters: { USERNAME: acme.owner.email, PASSWORD: password },
  });

describe('sign-ins in the embedded pool', () => {
  it('records a failed sign-in, a sign-in and a sign-out with the address and user agent', async () => {
    expect((await passwordSignIn('Wrong-password-1')).statusCode).toBe(400);
    const ok = await passwordSignIn(TEST_PASSWORD);
    expect(ok.statusCode).toBe(200);
    const accessToken = ok.json().AuthenticationResult.AccessToken;
    expect((await identity('GlobalSignOut', { AccessToken: accessToken })).statusCode).toBe(200);

    const owner = { type: 'user', id: acme.owner.id, email: acme.owner.email, name: acme.owner.name };
    const from = { address: '192.0.2.44', userAgent: AGENT };
    const reader = (await signIn(t.app, acme.owner.email, TEST_PASSWORD)).accessToken;
    const [failure] = await entries('user.sign-in.failure', reader);
    expect(failure).toMatchObject({ actor: owner, target: { type: 'user', id: acme.owner.id }, ...from });
    const signIns = await entries('user.sign-in', reader);
    // Newest first: the reader's sign-in, ours, then the failure (the filter matches the action's start).
    expect(signIns.map((entry: { action: string }) => entry.action)).toEqual([
      'user.sign-in',
      'user.sign-in',
      'user.sign-in.failure',
    ]);
    expect(signIns[1]).toMatchObject({ actor: owner, ...from });
    const [signOut] = await entries('user.sign-out', reader);
    expect(signOut).toMatchObject({ actor: owner, ...from });
  });

  it('records a password change', async () => {
    const { accessToken } = await signIn(t.app, acme.owner.email, TEST_PASSWORD);
    const changed = await identity('ChangePassword', {
      AccessToken: accessToken,
      PreviousPassword: TEST_PASSWORD,
      ProposedPassword: `${TEST_PASSWORD}x`,
    });
    expect(changed.statusCode).toBe(200);
    acme.owner.password = `${TEST_PASSWORD}x`;
    const [entry] = await entries('user.password');
    expect(entry).toMatchObject({ action: 'user.password.change', actor: { id: acme.owner.id } });
  });
});

describe('incidents', () => {
  it('records an acknowledge and a mute with the device, its customer and the mute before and after', async () => {
    const customer = await buildCustomer(t.app.db, acme, { name: 'Maggio LLC' });
    const site = await buildSite(t.app.db, customer);
    const device = await buildDevice(t.app.db, site, { name: 'Lobby camera' });
    const incident = await buildIncident(t.app.db, site, {
      category: 'CAMERA',
      alert_type: 'OFFLINE',
      deviceId: device.id,
    });
    const token = await companyToken(t.app, acme);
    const ack = await t.app.inject({
      method: 'POST',
      url: `/api/user-portal/companies/incidents/${incident.id}/acknowledge`,
      headers: { ...bearer(token), ...FROM },
    });
    expect(ack.statusCode).toBe(200);
    const mute = await t.app.inject({
      method: 'POST',
      url: `/api/user-portal/companies/devices/${device.id}/mute`,
      headers: { ...bearer(token), ...FROM },
      payload: { minutes: 60 },
    });
    expect(mute.statusCode).toBe(200);

    const [acknowledged] = await entries('incident.acknowledge');
    expect(acknowledged).toMatchObject({
      actor: { type: 'user', id: acme.owner.id },
      target: { type: 'incident', id: incident.id, name: 'Lobby camera' },
      organizationId: customer.id,
      organizationName: 'Maggio LLC',
      userAgent: AGENT,
    });
    const [muted] = await entries('device.mute');
    expect(muted).toMatchObject({
      target: { type: 'device', id: device.id, name: 'Lobby camera' },
      organizationId: customer.id,
      before: { mutedUntil: null },
      after: { mutedUntil: mute.json().mutedUntil },
    });
  });
});

describe('partner views', () => {
  it('are in the partner’s log and in the viewed dealer’s, with the partner member as actor', async () => {
    const disty = await buildCompany(t.app.db, { name: 'Pinecrest', roles: ['disty'] });
    const dealer = await buildCompany(t.app.db, { name: 'Northwind', parentCompanyId: disty.id });
    const session = (await signIn(t.app, disty.owner.email, disty.owner.password)).accessToken;
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/reseller/auth/vortextoken',
      headers: { ...bearer(session), ...FROM },
      payload: { companyId: dealer.id },
    });
    expect(view.statusCode).toBe(200);
    const expected = {
      action: 'partner.view',
      actor: { type: 'user', id: disty.owner.id, email: disty.owner.email, name: disty.owner.name },
      target: { type: 'company', id: dealer.id, name: 'Northwind' },
      userAgent: AGENT,
    };
    for (const [company, token] of [
      [disty, session],
      [dealer, (await signIn(t.app, dealer.owner.email, dealer.owner.password)).accessToken],
    ] as const) {
      const res = await t.app.inject({
        url: `/api/reseller/v1/companies/${company.id}/audit?action=partner`,
        headers: bearer(token),
      });
      expect(res.json().items).toEqual([expect.objectContaining(expected)]);
    }
  });
});

describe('remote access expiry', () => {
  it('is the company’s own entry, without the address of the request that noticed it', async () => {
    const customer = await buildCustomer(t.app.db, acme, { name: 'Maggio LLC' });
    await t.app.db
      .insertInto('remote_access_requests')
      .values({
        organization_id: customer.id,
        requested_by_user_id: acme.owner.id,
        entry_point: 'portal',
        state: 'requesting',
        approver_email: 'it@maggio.example',
        expires_at: new Date(Date.now() - 60_000),
      })
      .execute();
    await withAuditSource({ address: '203.0.113.9', userAgent: 'Someone else' }, () =>
      expireRemoteAccess(t.app.db, customer.id),
    );
    const [expired] = await entries('remote-access.expire');
    expect(expired).toMatchObject({
      actor: { type: 'company', id: acme.id, email: null, name: null },
      target: { type: 'organization', id: customer.id, name: 'Maggio LLC' },
      organizationId: customer.id,
      address: null,
      userAgent: null,
    });
  });
});

describe('AUDIT_RETENTION_DAYS', () => {
  it('defaults to 400 days and refuses a value that is not a whole number of days', () => {
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(400);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'a year' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
