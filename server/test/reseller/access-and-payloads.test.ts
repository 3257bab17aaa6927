import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import {
  type BuiltCompany,
  type BuiltUser,
  buildCompany,
  buildMember,
  buildOrganization,
} from '../helpers/factories.ts';
import { bearer, identityCall, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestMail } from '../identity/mailbox.ts';

/**
 * Issue 4's server checks beyond company-and-members.test.ts: every reseller endpoint as the owner, a
 * member, another company's owner, without a token and with a revoked one; bad payloads naming the field;
 * a member added here signing in with the mailed temporary password; atomic member creation.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (path: string) => `/api/reseller${path}`;

const identity = (operation: string, body: Record<string, unknown>) =>
  identityCall(t.app, operation, { ClientId: t.config.COGNITO_CLIENT_ID, ...body });

/** A company with an owner, a member and a second member to act on, plus another company's owner. */
interface World {
  company: BuiltCompany;
  member: BuiltUser;
  target: BuiltUser;
  orgId: string;
  tokens: { owner: string; member: string; other: string; revoked: string };
}

async function buildWorld(): Promise<World> {
  const company = await buildCompany(t.app.db, { name: 'Matrix Co' });
  const member = await buildMember(t.app.db, company, { name: 'Mia' });
  const target = await buildMember(t.app.db, company, { name: 'Tom' });
  const other = await buildCompany(t.app.db, { name: 'Other Co' });
  const org = await buildOrganization(t.app.db, company);
  const owner = await signIn(t.app, company.owner.email, company.owner.password);
  // A second sign-in of the same owner, revoked: its id token must no longer open anything.
  const revoked = await signIn(t.app, company.owner.email, company.owner.password);
  const revoke = await identity('RevokeToken', { Token: revoked.refreshToken });
  expect(revoke.statusCode).toBe(200);
  return {
    company,
    member,
    target,
    orgId: org.id,
    tokens: {
      owner: owner.idToken,
      member: (await signIn(t.app, member.email, member.password)).idToken,
      other: (await signIn(t.app, other.owner.email, other.owner.password)).idToken,
      revoked: revoked.idToken,
    },
  };
}

type Caller = 'none' | 'revoked' | 'other' | 'member' | 'owner';
/** Callers in the order they are tried: the owner last, since the owner's call may change the world. */
const CALLERS: readonly Caller[] = ['none', 'revoked', 'other', 'member', 'owner'];

interface EndpointCase {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (w: World) => string;
  payload?: (w: World) => object;
  /** Expected status per caller; absent callers are not tried (their call would be about their own data). */
  expect: Partial<Record<Caller, number>>;
  /** The audit action the owner's successful call writes. */
  audit?: string;
  /** Checks after the refused calls that nothing changed. */
  unchanged?: (w: World) => Promise<void>;
}

const companyName = async (w: World) =>
  (
    await t.app.db
      .selectFrom('companies')
      .select(['name', 'owner_user_id'])
      .where('id', '=', w.company.id)
      .executeTakeFirstOrThrow()
  ).name;

const ENDPOINTS: EndpointCase[] = [
  {
    name: 'GET /v1/companies/info',
    method: 'GET',
    url: () => '/v1/companies/info',
    expect: { none: 401, revoked: 401, member: 200, owner: 200 },
  },
  {
    name: 'PATCH /v1/companies/info',
    method: 'PATCH',
    url: () => '/v1/companies/info',
    payload: () => ({ name: 'Renamed Co' }),
    expect: { none: 401, revoked: 401, member: 403, owner: 200 },
    audit: 'company.update',
    unchanged: async (w) => expect(await companyName(w)).toBe('Matrix Co'),
  },
  {
    name: 'GET /v1/me',
    method: 'GET',
    url: () => '/v1/me',
    expect: { none: 401, revoked: 401, member: 200, owner: 200 },
  },
  {
    name: 'PATCH /v1/users/{id} (another member)',
    method: 'PATCH',
    url: (w) => `/v1/users/${w.target.id}`,
    payload: () => ({ name: 'Tommy' }),
    expect: { none: 401, revoked: 401, other: 404, member: 404, owner: 200 },
    audit: 'user.rename',
    unchanged: async (w) => {
      const row = await t.app.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', w.target.id)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Tom');
    },
  },
  {
    name: 'GET /v1/companies/{companyId}/users',
    method: 'GET',
    url: (w) => `/v1/companies/${w.company.id}/users`,
    expect: { none: 401, revoked: 401, other: 404, member: 200, owner: 200 },
  },
  {
    name: 'POST /v1/companies/{companyId}/users',
    method: 'POST',
    url: (w) => `/v1/companies/${w.company.id}/users`,
    payload: (w) => ({ email: `added.${w.company.id.slice(0, 8)}@example.test`, name: 'Added' }),
    expect: { none: 401, revoked: 401, other: 404, member: 403, owner: 201 },
    audit: 'member.create',
    unchanged: async (w) => {
      const rows = await t.app.db
        .selectFrom('identity_users')
        .select('sub')
        .where('email', '=', `added.${w.company.id.slice(0, 8)}@example.test`)
        .execute();
      expect(rows).toHaveLength(0);
    },
  },
  {
    name: 'DELETE /v1/companies/{companyId}/users/{id}',
    method: 'DELETE',
    url: (w) => `/v1/companies/${w.company.id}/users/${w.target.id}`,
    expect: { none: 401, revoked: 401, other: 404, member: 403, owner: 204 },
    audit: 'member.delete',
    unchanged: async (w) => {
      const rows = await t.app.db.selectFrom('users').select('id').where('id', '=', w.target.id).execute();
      expect(rows).toHaveLength(1);
    },
  },
  {
    name: 'POST /v1/companies/{companyId}/users/{id}/owner',
    method: 'POST',
    url: (w) => `/v1/companies/${w.company.id}/users/${w.target.id}/owner`,
    expect: { none: 401, revoked: 401, other: 404, member: 403, owner: 204 },
    audit: 'company.owner.transfer',
    unchanged: async (w) => {
      const row = await t.app.db
        .selectFrom('companies')
        .select('owner_user_id')
        .where('id', '=', w.company.id)
        .executeTakeFirstOrThrow();
      expect(row.owner_user_id).toBe(w.company.owner.id);
    },
  },
  {
    name: 'POST /auth/vortextoken',
    method: 'POST',
    url: () => '/auth/vortextoken',
    payload: (w) => ({ companyId: w.company.id }),
    expect: { none: 401, revoked: 401, other: 404, member: 200, owner: 200 },
  },
  {
    name: 'POST /v1/organizations/{orgId}/vsaas-token',
    method: 'POST',
    url: (w) => `/v1/organizations/${w.orgId}/vsaas-token`,
    expect: { none: 401, revoked: 401, other: 404, member: 200, owner: 200 },
  },
];

describe('every reseller endpoint by caller', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: ${CALLERS.filter((c) => endpoint.expect[c]).join(', ')}`, async () => {
      const w = await buildWorld();
      const seen: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        if (endpoint.expect[caller] === undefined) continue;
        if (caller === 'owner') await endpoint.unchanged?.(w);
        const res = await t.app.inject({
          method: endpoint.method,
          url: api(endpoint.url(w)),
          headers: caller === 'none' ? {} : bearer(w.tokens[caller]),
          ...(endpoint.payload ? { payload: endpoint.payload(w) } : {}),
        });
        seen[caller] = res.statusCode;
        if (res.statusCode >= 400) expect(res.json()).toMatchObject({ detail: expect.any(String) });
      }
      expect(seen).toEqual(endpoint.expect);
      if (endpoint.audit) {
        const entries = await t.app.db
          .selectFrom('audit_log')
          .select(['actor_user_id', 'action', 'at'])
          .where('company_id', '=', w.company.id)
          // The pool's sign-in entries (issue 27) are not this test's subject.
          .where('action', 'not like', 'user.sign-%')
          .execute();
        // Exactly one entry: the owner's change; the refused calls wrote none.
        expect(entries).toEqual([
          { actor_user_id: w.company.owner.id, action: endpoint.audit, at: expect.any(Date) },
        ]);
      }
    });
  }

  it('a revoked or forged token is refused with UNAUTHORIZED, a member’s own profile stays theirs', async () => {
    const w = await buildWorld();
    const revoked = await t.app.inject({ url: api('/v1/me'), headers: bearer(w.tokens.revoked) });
    expect(revoked.json()).toMatchObject({ extraType: 'UNAUTHORIZED' });
    const [header, payload] = w.tokens.owner.split('.');
    const forged = await t.app.inject({ url: api('/v1/me'), headers: bearer(`${header}.${payload}.AAAA`) });
    expect(forged.statusCode).toBe(401);
    const me = await t.app.inject({ url: api('/v1/me'), headers: bearer(w.tokens.member) });
    expect(me.json().profile).toMatchObject({ userId: w.member.id, email: w.member.email });
    const info = await t.app.inject({ url: api('/v1/companies/info'), headers: bearer(w.tokens.other) });
    expect(info.json().id).not.toBe(w.company.id);
  });
});

describe('bad payloads', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });

  const send = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
    t.app.inject({ method, url: api(url), headers: bearer(w.tokens.owner), payload: payload as object });

  const longName = 'N'.repeat(129);
  const cases: {
    what: string;
    method: 'POST' | 'PATCH';
    url: (w: World) => string;
    payload: unknown;
    field: string;
    message?: string;
  }[] = [
    {
      what: 'company name missing',
      method: 'PATCH',
      url: () => '/v1/companies/info',
      payload: {},
      field: 'name',
      message: 'The field cannot be empty.',
    },
    {
      what: 'company name empty',
      method: 'PATCH',
      url: () => '/v1/companies/info',
      payload: { name: '   ' },
      field: 'name',
      message: 'The field cannot be empty.',
    },
    {
      what: 'company name too long',
      method: 'PATCH',
      url: () => '/v1/companies/info',
      payload: { name: longName },
      field: 'name',
      message: 'Too long',
    },
    {
      what: 'company name with forbidden characters',
      method: 'PATCH',
      url: () => '/v1/companies/info',
      payload: { name: 'Acme <b>' },
      field: 'name',
      message: 'Invalid characters',
    },
    {
      what: 'company name not a string',
      method: 'PATCH',
      url: () => '/v1/companies/info',
      payload: { name: 42 },
      field: 'name',
    },
    {
      what: 'user name too long',
      method: 'PATCH',
      url: (x) => `/v1/users/${x.member.id}`,
      payload: { name: longName },
      field: 'name',
      message: 'Too long',
    },
    {
      what: 'user name too long in bytes (43 CJK characters)',
      method: 'PATCH',
      url: (x) => `/v1/users/${x.member.id}`,
      payload: { name: '林'.repeat(43) },
      field: 'name',
      message: 'Too long',
    },
    {
      what: 'user name with forbidden characters',
      method: 'PATCH',
      url: (x) => `/v1/users/${x.member.id}`,
      payload: { name: 'a@b#c' },
      field: 'name',
      message: 'Invalid characters: @ #',
    },
    {
      what: 'user update empty',
      method: 'PATCH',
      url: (x) => `/v1/users/${x.member.id}`,
      payload: {},
      field: 'body',
    },
    {
      what: 'member email missing',
      method: 'POST',
      url: (x) => `/v1/companies/${x.company.id}/users`,
      payload: { name: 'Ann' },
      field: 'email',
      message: 'The field cannot be empty.',
    },
    {
      what: 'member name missing',
      method: 'POST',
      url: (x) => `/v1/companies/${x.company.id}/users`,
      payload: { email: 'ann@example.test' },
      field: 'name',
      message: 'Required',
    },
    {
      what: 'member email invalid',
      method: 'POST',
      url: (x) => `/v1/companies/${x.company.id}/users`,
      payload: { email: 'ann@', name: 'Ann' },
      field: 'email',
      message: 'Invalid e-mail',
    },
    {
      what: 'member email too long',
      method: 'POST',
      url: (x) => `/v1/companies/${x.company.id}/users`,
      payload: { email: `${'a'.repeat(250)}@example.test`, name: 'Ann' },
      field: 'email',
      message: 'Invalid e-mail',
    },
    {
      what: 'member name too long',
      method: 'POST',
      url: (x) => `/v1/companies/${x.company.id}/users`,
      payload: { email: 'ann@example.test', name: longName },
      field: 'name',
      message: 'Too long',
    },
    {
      what: 'member name with a space and a quote',
      method: 'POST',
      url: (x) => `/v1/companies/${x.company.id}/users`,
      payload: { email: 'ann@example.test', name: 'Ann "Lee"' },
      field: 'name',
      message: 'Invalid characters: space "',
    },
    {
      what: 'member email of only spaces',
      method: 'POST',
      url: (x) => `/v1/companies/${x.company.id}/users`,
      payload: { email: '  ', name: 'Ann' },
      field: 'email',
      message: 'The field cannot be empty.',
    },
    {
      what: 'member name with a no-break space',
      method: 'POST',
      url: (x) => `/v1/companies/${x.company.id}/users`,
      payload: { email: 'ann@example.test', name: 'Ann\u00a0Lee' },
      field: 'name',
      message: 'Invalid characters: U+00A0',
    },
    {
      what: 'user name with a full-width space',
      method: 'PATCH',
      url: (x) => `/v1/users/${x.member.id}`,
      payload: { name: '王\u3000小明' },
      field: 'name',
      message: 'Invalid characters: U+3000',
    },
    {
      what: 'user name starting with a full-width space',
      method: 'PATCH',
      url: (x) => `/v1/users/${x.member.id}`,
      payload: { name: '\u3000Ann' },
      field: 'name',
      message: 'Invalid characters: U+3000',
    },
    {
      what: 'user name with a zero-width space',
      method: 'PATCH',
      url: (x) => `/v1/users/${x.member.id}`,
      payload: { name: 'Ann\u200bLee' },
      field: 'name',
      message: 'Invalid characters: U+200B',
    },
    {
      what: 'company name with a zero-width space',
      method: 'PATCH',
      url: () => '/v1/companies/info',
      payload: { name: 'Acme\u200bLtd' },
      field: 'name',
      message: 'Invalid characters: U+200B',
    },
    {
      what: 'company token without companyId',
      method: 'POST',
      url: () => '/auth/vortextoken',
      payload: {},
      field: 'companyId',
    },
    {
      what: 'company token with a too long companyId',
      method: 'POST',
      url: () => '/auth/vortextoken',
      payload: { companyId: 'c'.repeat(65) },
      field: 'companyId',
    },
  ];

  for (const c of cases) {
    it(`${c.what}: 400 naming ${c.field}`, async () => {
      const res = await send(c.method, c.url(w), c.payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.extraType).toBe('VALIDATION');
      expect(body.detail).toContain(`${c.field}: ${c.message ?? ''}`);
      expect(body.fields.map((f: { field: string }) => f.field)).toContain(c.field);
    });
  }

  it('changes nothing and creates no account for any refused payload', async () => {
    expect(await companyName(w)).toBe('Matrix Co');
    const accounts = await t.app.db
      .selectFrom('identity_users')
      .select('email')
      .where('email', '=', 'ann@example.test')
      .execute();
    expect(accounts).toHaveLength(0);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('company_id', '=', w.company.id)
      .where('action', 'not like', 'user.sign-%')
      .execute();
    expect(audit).toHaveLength(0);
  });
});

describe('a member added here', () => {
  it('signs in through the identity service with the mailed temporary password and sets their own', async () => {
    const company = await buildCompany(t.app.db);
    const owner = await signIn(t.app, company.owner.email, company.owner.password);
    const email = `hire.${company.id.slice(0, 8)}@example.test`;
    const created = await t.app.inject({
      method: 'POST',
      url: api(`/v1/companies/${company.id}/users`),
      headers: bearer(owner.idToken),
      payload: { email, name: 'Hire' },
    });
    expect(created.statusCode).toBe(201);

    const mail = await latestMail(t.app, email);
    expect(mail?.template).toBe('temporary-password');
    const temporary = mail?.text.match(/Temporary password: (\S+)/)?.[1];
    expect(temporary).toBeTruthy();

    const first = await identity('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: temporary },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answered = await identity('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: first.json().Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Hired-Own-Pass1' },
    });
    expect(answered.statusCode).toBe(200);
    const idToken = answered.json().AuthenticationResult.IdToken as string;

    const me = await t.app.inject({ url: api('/v1/me'), headers: bearer(idToken) });
    expect(me.json().profile).toMatchObject({ userId: created.json().userId, email, name: 'Hire' });
    const info = await t.app.inject({ url: api('/v1/companies/info'), headers: bearer(idToken) });
    expect(info.json()).toMatchObject({ id: company.id, owner: false, member: true });
    // The temporary password is spent; the new one works.
    const again = await identity('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: temporary },
    });
    expect(again.statusCode).toBe(400);
    await expect(signIn(t.app, email, 'Hired-Own-Pass1')).resolves.toMatchObject({
      idToken: expect.any(String),
    });
  });
});

describe('atomic member creation', () => {
  it('leaves no member when the identity step fails (the account already exists in the pool)', async () => {
    const company = await buildCompany(t.app.db);
    const owner = await signIn(t.app, company.owner.email, company.owner.password);
    const email = `pool.only.${company.id.slice(0, 8)}@example.test`;
    await createPoolUser(t.app.db, { email, password: 'Passw0rdPool', temporary: false }, t.config);
    const res = await t.app.inject({
      method: 'POST',
      url: api(`/v1/companies/${company.id}/users`),
      headers: bearer(owner.idToken),
      payload: { email, name: 'Dup' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'The Email Already Exists.', extraType: 'USER_EXIST' });
    const rows = await t.app.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(0);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('company_id', '=', company.id)
      .where('action', 'not like', 'user.sign-%')
      .execute();
    expect(audit).toHaveLength(0);
  });

  it('deletes the new identity account again when the member row cannot be written', async () => {
    const company = await buildCompany(t.app.db);
    const owner = await signIn(t.app, company.owner.email, company.owner.password);
    const email = `doomed.${company.id.slice(0, 8)}@example.test`;
    // The database refuses this one member row, after the identity account has been created.
    await sql
      .raw(`create or replace function refuse_doomed_member() returns trigger language plpgsql as $$
        begin
          if new.email = '${email}' then raise exception 'refused by test'; end if;
          return new;
        end $$`)
      .execute(t.app.db);
    await sql
      .raw(`create trigger refuse_doomed_member before insert on users
          for each row execute function refuse_doomed_member()`)
      .execute(t.app.db);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: api(`/v1/companies/${company.id}/users`),
        headers: bearer(owner.idToken),
        payload: { email, name: 'Doomed' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Something went wrong!' });
    } finally {
      await sql.raw('drop trigger refuse_doomed_member on users').execute(t.app.db);
    }
    const accounts = await t.app.db
      .selectFrom('identity_users')
      .select('sub')
      .where('email', '=', email)
      .execute();
    expect(accounts).toHaveLength(0);
    const rows = await t.app.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(0);
    // And the address can be added once the fault is gone.
    const retry = await t.app.inject({
      method: 'POST',
      url: api(`/v1/companies/${company.id}/users`),
      headers: bearer(owner.idToken),
      payload: { email, name: 'Doomed' },
    });
    expect(retry.statusCode).toBe(201);
  });
});
