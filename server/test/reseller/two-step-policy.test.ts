import { AdminSetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, type BuiltUser, buildCompany, buildMember } from '../helpers/factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 25 item 7: the company's two-step sign-in policy, the members' factors and their reset. */

let t: TestApp;
let acme: BuiltCompany;
let other: BuiltCompany;
let member: BuiltUser;
let protectedMember: BuiltUser;
let ownerToken: string;
let memberToken: string;
let protectedToken: string;

const api = (path: string) => `/api/reseller${path}`;
const security = (companyId: string) => api(`/v1/companies/${companyId}/security`);
const MFA_REQUIRED = { extraType: 'MFA_REQUIRED', detail: 'Your company requires two-step sign-in.' };

const enableEmailCodes = (email: string) =>
  t.app.identityAdmin.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: t.app.config.COGNITO_USER_POOL_ID,
      Username: email,
      EmailMfaSettings: { Enabled: true },
    }),
  );

const put = (token: string, companyId: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: security(companyId),
    headers: bearer(token),
    payload: payload as object,
  });

const auditOf = (action: string) =>
  t.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.app.db, { name: 'Acme Security' });
  other = await buildCompany(t.app.db, { name: 'Other Dealer' });
  member = await buildMember(t.app.db, acme);
  protectedMember = await buildMember(t.app.db, acme);
  ownerToken = (await signIn(t.app, acme.owner.email, acme.owner.password)).accessToken;
  memberToken = (await signIn(t.app, member.email, member.password)).accessToken;
  protectedToken = (await signIn(t.app, protectedMember.email, protectedMember.password)).accessToken;
  // Signed in before, so the test's password sign-in is not asked for the code.
  await enableEmailCodes(protectedMember.email);
  await enableEmailCodes(acme.owner.email);
});
afterAll(() => t.close());

describe('the company security setting', () => {
  it('is read and changed by the owner only, and every change is audited', async () => {
    const byMember = await put(memberToken, acme.id, { requireMfa: true });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().detail).toBe('Only the company owner can do this.');
    const readByMember = await t.app.inject({ url: security(acme.id), headers: bearer(memberToken) });
    expect(readByMember.statusCode).toBe(403);

    expect((await t.app.inject({ url: security(acme.id), headers: bearer(ownerToken) })).json()).toEqual({
      requireMfa: false,
    });
    const on = await put(ownerToken, acme.id, { requireMfa: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ requireMfa: true });
    expect((await t.app.inject({ url: security(acme.id), headers: bearer(ownerToken) })).json()).toEqual({
      requireMfa: true,
    });
    const audit = await auditOf('company.security.update');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: acme.owner.id, company_id: acme.id });
  });

  it('asks an owner without a second factor to set one up first, so the switch cannot lock them out', async () => {
    const otherOwner = (await signIn(t.app, other.owner.email, other.owner.password)).accessToken;
    const refused = await put(otherOwner, other.id, { requireMfa: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Set up two-step sign-in for yourself first.');
    expect((await t.app.inject({ url: security(other.id), headers: bearer(otherOwner) })).json()).toEqual({
      requireMfa: false,
    });
    // Turning it off never needs a factor.
    expect((await put(otherOwner, other.id, { requireMfa: false })).statusCode).toBe(200);
  });

  it('refuses a malformed body with a 400 and another company’s id with a 404', async () => {
    expect((await put(ownerToken, acme.id, { requireMfa: 'yes' })).statusCode).toBe(400);
    expect((await put(ownerToken, acme.id, { requireMfa: true, extra: 1 })).statusCode).toBe(400);
    expect((await put(ownerToken, other.id, { requireMfa: true })).statusCode).toBe(404);
    const ofOther = await t.app.db
      .selectFrom('companies')
      .select('require_mfa')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(ofOther.require_mfa).toBe(false);
  });
});

describe('a member without a second factor in a company that requires one', () => {
  beforeAll(async () => {
    await put(ownerToken, acme.id, { requireMfa: true });
  });

  it('reads their profile, which says two-step sign-in is required and not set up', async () => {
    const me = await t.app.inject({ url: api('/v1/me'), headers: bearer(memberToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json().mfa).toEqual({ enabled: false, methods: [], required: true });
  });

  it('gets 403 MFA_REQUIRED from every other route, and no company token', async () => {
    for (const url of [api('/v1/companies/info'), api(`/v1/companies/${acme.id}/users`)]) {
      const res = await t.app.inject({ url, headers: bearer(memberToken) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject(MFA_REQUIRED);
    }
    const token = await t.app.inject({
      method: 'POST',
      url: api('/auth/vortextoken'),
      headers: bearer(memberToken),
      payload: { companyId: acme.id },
    });
    expect(token.statusCode).toBe(403);
    expect(token.json()).toMatchObject(MFA_REQUIRED);
  });

  it('is refused with a company token issued before the policy was turned on', async () => {
    const acmeOther = await buildMember(t.app.db, acme);
    const session = (await signIn(t.app, acmeOther.email, acmeOther.password)).accessToken;
    await put(ownerToken, acme.id, { requireMfa: false });
    const issued = await t.app.inject({
      method: 'POST',
      url: api('/auth/vortextoken'),
      headers: bearer(session),
      payload: { companyId: acme.id },
    });
    expect(issued.statusCode).toBe(200);
    const companyToken = issued.json().token as string;
    const url = '/api/user-portal/companies/organizations';
    expect((await t.app.inject({ url, headers: bearer(companyToken) })).statusCode).toBe(200);
    await put(ownerToken, acme.id, { requireMfa: true });
    const refused = await t.app.inject({ url, headers: bearer(companyToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(MFA_REQUIRED);
  });

  it('passes once they have a second factor', async () => {
    const me = await t.app.inject({ url: api('/v1/me'), headers: bearer(protectedToken) });
    expect(me.json().mfa).toEqual({ enabled: true, methods: ['EMAIL_OTP'], required: true });
    const info = await t.app.inject({ url: api('/v1/companies/info'), headers: bearer(protectedToken) });
    expect(info.statusCode).toBe(200);
  });

  it('is not held back when the company does not require it', async () => {
    const otherMember = await buildMember(t.app.db, other);
    const token = (await signIn(t.app, otherMember.email, otherMember.password)).accessToken;
    const info = await t.app.inject({ url: api('/v1/companies/info'), headers: bearer(token) });
    expect(info.statusCode).toBe(200);
    const me = await t.app.inject({ url: api('/v1/me'), headers: bearer(token) });
    expect(me.json().mfa).toEqual({ enabled: false, methods: [], required: false });
  });
});

describe('the members list and the owner’s reset', () => {
  it('marks who has a second factor', async () => {
    const res = await t.app.inject({
      url: api(`/v1/companies/${acme.id}/users`),
      headers: bearer(ownerToken),
    });
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json().items.map((m: { userId: string; mfaEnabled: boolean }) => [m.userId, m]));
    expect(byId.get(protectedMember.id)).toMatchObject({ mfaEnabled: true });
    expect(byId.get(member.id)).toMatchObject({ mfaEnabled: false });
  });

  it('turns the member’s factors off and signs them out, audited; only the owner, only their own members', async () => {
    const reset = (token: string, companyId: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: api(`/v1/companies/${companyId}/users/${id}/reset-mfa`),
        headers: bearer(token),
      });
    const byMember = await reset(protectedToken, acme.id, member.id);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().detail).toBe('Only the company owner can do this.');
    const otherMember = await buildMember(t.app.db, other);
    expect((await reset(ownerToken, acme.id, otherMember.id)).statusCode).toBe(404);
    expect((await reset(ownerToken, other.id, otherMember.id)).statusCode).toBe(404);
    expect((await reset(ownerToken, acme.id, 'not-a-uuid')).statusCode).toBe(404);

    expect((await reset(ownerToken, acme.id, protectedMember.id)).statusCode).toBe(204);
    // Signed out everywhere: the next sign-in is where they set a factor up again.
    const me = await t.app.inject({ url: api('/v1/me'), headers: bearer(protectedToken) });
    expect(me.statusCode).toBe(401);
    const fresh = (await signIn(t.app, protectedMember.email, protectedMember.password)).accessToken;
    const again = await t.app.inject({ url: api('/v1/me'), headers: bearer(fresh) });
    expect(again.json().mfa).toEqual({ enabled: false, methods: [], required: true });
    const info = await t.app.inject({ url: api('/v1/companies/info'), headers: bearer(fresh) });
    expect(info.json()).toMatchObject(MFA_REQUIRED);
    const audit = await auditOf('member.mfa.reset');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: acme.owner.id, target_id: protectedMember.id });
  });
});
