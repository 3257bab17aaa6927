import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type BuiltCompany,
  type BuiltUser,
  buildCompany,
  buildMember,
  buildOrganization,
} from '../helpers/factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let acme: BuiltCompany;
let acmeMember: BuiltUser;
let other: BuiltCompany;
let ownerToken: string;
let memberToken: string;
let otherToken: string;

const api = (path: string) => `/api/reseller${path}`;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.app.db, { name: 'Acme Security' });
  acmeMember = await buildMember(t.app.db, acme);
  other = await buildCompany(t.app.db, { name: 'Other Dealer' });
  ownerToken = (await signIn(t.app, acme.owner.email, acme.owner.password)).accessToken;
  memberToken = (await signIn(t.app, acmeMember.email, acmeMember.password)).accessToken;
  otherToken = (await signIn(t.app, other.owner.email, other.owner.password)).accessToken;
});
afterAll(() => t.close());

describe('company info', () => {
  it('describes the caller’s own company with their owner and member flags', async () => {
    const asOwner = await t.app.inject({ url: api('/v1/companies/info'), headers: bearer(ownerToken) });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()).toMatchObject({
      id: acme.id,
      name: 'Acme Security',
      ownerEmail: acme.owner.email,
      type: ['dealer'],
      owner: true,
      member: true,
      hierarchyAuth: ['dealer'],
    });
    const asMember = await t.app.inject({ url: api('/v1/companies/info'), headers: bearer(memberToken) });
    expect(asMember.json()).toMatchObject({ id: acme.id, owner: false, member: true });
  });

  it('names the company’s region by id as well, so the web app can translate it', async () => {
    await t.app.db
      .insertInto('regions')
      .values({ id: 'north-america', name: 'North America', latitude: 39.8, longitude: -98.6 })
      .execute();
    await t.app.db
      .updateTable('companies')
      .set({ region_id: 'north-america' })
      .where('id', '=', other.id)
      .execute();
    const res = await t.app.inject({ url: api('/v1/companies/info'), headers: bearer(otherToken) });
    expect(res.json().region).toEqual({
      id: 'north-america',
      name: 'North America',
      latitude: 39.8,
      longitude: -98.6,
    });
  });

  it('refuses requests without a valid session', async () => {
    expect((await t.app.inject({ url: api('/v1/companies/info') })).statusCode).toBe(401);
    const forged = await t.app.inject({ url: api('/v1/companies/info'), headers: bearer('abc.def.ghi') });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ detail: expect.any(String) });
  });

  it('lets only the owner rename the company, with the form’s rules', async () => {
    const byMember = await t.app.inject({
      method: 'PATCH',
      url: api('/v1/companies/info'),
      headers: bearer(memberToken),
      payload: { name: 'Hijacked' },
    });
    expect(byMember.statusCode).toBe(403);

    const bad = await t.app.inject({
      method: 'PATCH',
      url: api('/v1/companies/info'),
      headers: bearer(ownerToken),
      payload: { name: 'Acme <script>' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('name');

    const missing = await t.app.inject({
      method: 'PATCH',
      url: api('/v1/companies/info'),
      headers: bearer(ownerToken),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);

    const ok = await t.app.inject({
      method: 'PATCH',
      url: api('/v1/companies/info'),
      headers: bearer(ownerToken),
      // Trimmed by the rule itself (spaces of any kind), so the name stored is the name checked.
      payload: { name: ' Acme Security Ltd\u3000' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().name).toBe('Acme Security Ltd');
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'company.update')
      .where('company_id', '=', acme.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_user_id).toBe(acme.owner.id);
    expect(audit[0]?.target_name).toBe('Acme Security Ltd');
  });
});

describe('profile', () => {
  it('returns the caller’s profile and lets them rename themself', async () => {
    const me = await t.app.inject({ url: api('/v1/me'), headers: bearer(memberToken) });
    expect(me.json().profile).toMatchObject({ userId: acmeMember.id, email: acmeMember.email });

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: api(`/v1/users/${acmeMember.id}`),
      headers: bearer(memberToken),
      payload: { name: 'Ann_Lee' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ userId: acmeMember.id, name: 'Ann_Lee' });
  });

  it('lists the offending characters of a bad name', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: api(`/v1/users/${acmeMember.id}`),
      headers: bearer(memberToken),
      payload: { name: 'Ann Lee&Co' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('name: Invalid characters: space &');
  });

  it('does not let a member rename others, nor anyone reach another company’s users', async () => {
    const memberRenamesOwner = await t.app.inject({
      method: 'PATCH',
      url: api(`/v1/users/${acme.owner.id}`),
      headers: bearer(memberToken),
      payload: { name: 'Boss' },
    });
    expect(memberRenamesOwner.statusCode).toBe(404);
    const crossTenant = await t.app.inject({
      method: 'PATCH',
      url: api(`/v1/users/${acmeMember.id}`),
      headers: bearer(otherToken),
      payload: { name: 'Pwned' },
    });
    expect(crossTenant.statusCode).toBe(404);
    const notAnId = await t.app.inject({
      method: 'PATCH',
      url: api('/v1/users/not-a-uuid'),
      headers: bearer(ownerToken),
      payload: { name: 'X' },
    });
    expect(notAnId.statusCode).toBe(404);
  });
});

describe('members', () => {
  it('lists the company’s members, and 404s another company', async () => {
    const res = await t.app.inject({
      url: api(`/v1/companies/${acme.id}/users`),
      headers: bearer(memberToken),
    });
    expect(res.statusCode).toBe(200);
    const emails = res.json().items.map((m: { email: string }) => m.email);
    expect(emails).toEqual(expect.arrayContaining([acme.owner.email, acmeMember.email]));
    const cross = await t.app.inject({
      url: api(`/v1/companies/${acme.id}/users`),
      headers: bearer(otherToken),
    });
    expect(cross.statusCode).toBe(404);
  });

  it('lets the owner add a member who can then sign in with the temporary password', async () => {
    // The AWS SDK warns (and will one day throw) when its JSON request body is read as a string.
    const warn = vi.spyOn(console, 'warn');
    const created = await t.app.inject({
      method: 'POST',
      url: api(`/v1/companies/${acme.id}/users`),
      headers: bearer(ownerToken),
      payload: { email: 'new.hire@example.test', name: 'NewHire' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'new.hire@example.test', name: 'NewHire' });
    expect(warn.mock.calls.flat().join('\n')).not.toContain('JsonCodec2');
    warn.mockRestore();

    const account = await t.app.db
      .selectFrom('identity_users')
      .select(['sub', 'status'])
      .where('email', '=', 'new.hire@example.test')
      .executeTakeFirstOrThrow();
    expect(account.sub).toBe(created.json().userId);
    expect(account.status).toBe('FORCE_CHANGE_PASSWORD');
  });

  it('refuses an existing e-mail with USER_EXIST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api(`/v1/companies/${acme.id}/users`),
      headers: bearer(ownerToken),
      payload: { email: other.owner.email.toUpperCase(), name: 'Dup' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'The Email Already Exists.', extraType: 'USER_EXIST' });
  });

  it('refuses members adding members and bad payloads', async () => {
    const byMember = await t.app.inject({
      method: 'POST',
      url: api(`/v1/companies/${acme.id}/users`),
      headers: bearer(memberToken),
      payload: { email: 'x@example.test', name: 'X' },
    });
    expect(byMember.statusCode).toBe(403);
    const badEmail = await t.app.inject({
      method: 'POST',
      url: api(`/v1/companies/${acme.id}/users`),
      headers: bearer(ownerToken),
      payload: { email: 'not-an-email', name: 'X' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().detail).toContain('email: Invalid e-mail');
    const extra = await t.app.inject({
      method: 'POST',
      url: api(`/v1/companies/${acme.id}/users`),
      headers: bearer(ownerToken),
      payload: { email: 'y@example.test', name: 'Y', role: 'owner' },
    });
    expect(extra.statusCode).toBe(400);
    const none = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['x@example.test', 'y@example.test'])
      .execute();
    expect(none).toHaveLength(0);
  });

  it('deletes a member and revokes their sessions at once', async () => {
    const leaving = await buildMember(t.app.db, { id: acme.id });
    const leavingToken = (await signIn(t.app, leaving.email, leaving.password)).accessToken;
    expect((await t.app.inject({ url: api('/v1/me'), headers: bearer(leavingToken) })).statusCode).toBe(200);

    const ownerCannotGo = await t.app.inject({
      method: 'DELETE',
      url: api(`/v1/companies/${acme.id}/users/${acme.owner.id}`),
      headers: bearer(ownerToken),
    });
    expect(ownerCannotGo.statusCode).toBe(400);
    const byMember = await t.app.inject({
      method: 'DELETE',
      url: api(`/v1/companies/${acme.id}/users/${leaving.id}`),
      headers: bearer(memberToken),
    });
    expect(byMember.statusCode).toBe(403);
    const crossTenant = await t.app.inject({
      method: 'DELETE',
      url: api(`/v1/companies/${other.id}/users/${leaving.id}`),
      headers: bearer(otherToken),
    });
    expect(crossTenant.statusCode).toBe(404);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: api(`/v1/companies/${acme.id}/users/${leaving.id}`),
      headers: bearer(ownerToken),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ url: api('/v1/me'), headers: bearer(leavingToken) })).statusCode).toBe(401);
    const account = await t.app.db
      .selectFrom('identity_users')
      .select('sub')
      .where('sub', '=', leaving.id)
      .execute();
    expect(account).toHaveLength(0);
  });
});

describe('owner transfer', () => {
  it('moves all authority at once', async () => {
    const company = await buildCompany(t.app.db);
    const heir = await buildMember(t.app.db, company);
    const oldOwner = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
    const newOwner = (await signIn(t.app, heir.email, heir.password)).accessToken;

    const transfer = await t.app.inject({
      method: 'POST',
      url: api(`/v1/companies/${company.id}/users/${heir.id}/owner`),
      headers: bearer(oldOwner),
    });
    expect(transfer.statusCode).toBe(204);

    const rename = (token: string) =>
      t.app.inject({
        method: 'PATCH',
        url: api('/v1/companies/info'),
        headers: bearer(token),
        payload: { name: 'Renamed' },
      });
    expect((await rename(oldOwner)).statusCode).toBe(403);
    expect((await rename(newOwner)).statusCode).toBe(200);
    const info = await t.app.inject({ url: api('/v1/companies/info'), headers: bearer(newOwner) });
    expect(info.json()).toMatchObject({ owner: true, ownerEmail: heir.email });
  });

  it('leaves exactly one owner when two transfers race', async () => {
    const company = await buildCompany(t.app.db);
    const first = await buildMember(t.app.db, company);
    const second = await buildMember(t.app.db, company);
    const token = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
    const results = await Promise.all(
      [first, second].map((heir) =>
        t.app.inject({
          method: 'POST',
          url: api(`/v1/companies/${company.id}/users/${heir.id}/owner`),
          headers: bearer(token),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 403]);
    const row = await t.app.db
      .selectFrom('companies')
      .select('owner_user_id')
      .where('id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect([first.id, second.id]).toContain(row.owner_user_id);
  });
});

describe('tenant tokens', () => {
  it('issues a company token only for the caller’s company', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: api('/auth/vortextoken'),
      headers: bearer(memberToken),
      payload: { companyId: acme.id },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ token: expect.any(String), expire: expect.any(Number) });
    expect(own.json().expire).toBeGreaterThan(Date.now() / 1000);
    const foreign = await t.app.inject({
      method: 'POST',
      url: api('/auth/vortextoken'),
      headers: bearer(memberToken),
      payload: { companyId: other.id },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('issues an organization token only for the company’s organizations', async () => {
    const mine = await buildOrganization(t.app.db, acme);
    const theirs = await buildOrganization(t.app.db, other);
    const own = await t.app.inject({
      method: 'POST',
      url: api(`/v1/organizations/${mine.id}/vsaas-token`),
      headers: bearer(memberToken),
    });
    expect(own.statusCode).toBe(200);
    for (const orgId of [theirs.id, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const res = await t.app.inject({
        method: 'POST',
        url: api(`/v1/organizations/${orgId}/vsaas-token`),
        headers: bearer(memberToken),
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
