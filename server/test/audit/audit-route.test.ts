import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../src/domain/audit/audit-log.ts';
import {
  type BuiltCompany,
  type BuiltUser,
  buildCompany,
  buildMember,
  buildOrganization,
} from '../helpers/factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Issue 27 item 2: GET /api/reseller/v1/companies/{companyId}/audit. The owner reads the company's log, a
 * member only their own entries; newest first with a keyset cursor; filters; CSV export, formula-escaped.
 */

let t: TestApp;
let acme: BuiltCompany;
let member: BuiltUser;
let other: BuiltCompany;
let ownerToken: string;
let memberToken: string;
let otherToken: string;
let maggio: { id: string; name: string };

const audit = (companyId: string, query = '') => `/api/reseller/v1/companies/${companyId}/audit${query}`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140';
const FORMULA_AGENT = "=cmd|' /C calc'!A0";

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.app.db, { name: 'Acme Security' });
  member = await buildMember(t.app.db, acme, { name: '=HYPERLINK("http://evil.example")' });
  other = await buildCompany(t.app.db, { name: 'Other Dealer' });
  maggio = await buildOrganization(t.app.db, acme, { name: 'Maggio LLC' });
  ownerToken = (await signIn(t.app, acme.owner.email, acme.owner.password)).accessToken;
  memberToken = (await signIn(t.app, member.email, member.password)).accessToken;
  otherToken = (await signIn(t.app, other.owner.email, other.owner.password)).accessToken;

  // The owner renames the company through the API, from a browser behind no proxy.
  const rename = await t.app.inject({
    method: 'PATCH',
    url: '/api/reseller/v1/companies/info',
    headers: { ...bearer(ownerToken), 'user-agent': BROWSER },
    remoteAddress: '198.51.100.23',
    payload: { name: 'Acme Security Ltd' },
  });
  expect(rename.statusCode).toBe(200);
  // The member renames themself.
  const renameSelf = await t.app.inject({
    method: 'PATCH',
    url: `/api/reseller/v1/users/${member.id}`,
    headers: { ...bearer(memberToken), 'user-agent': FORMULA_AGENT },
    payload: { name: '-Mallory' },
  });
  expect(renameSelf.statusCode).toBe(200);
  // Entries about a customer, written in one transaction (one timestamp) to exercise the cursor's tie-break.
  await t.app.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 5; i++) {
      await writeAudit(trx, {
        actorUserId: acme.owner.id,
        companyId: acme.id,
        action: 'remote-access.request',
        targetType: 'organization',
        targetId: maggio.id,
      });
    }
  });
  await writeAudit(t.app.db, {
    actorUserId: other.owner.id,
    companyId: other.id,
    action: 'company.update',
    targetType: 'company',
    targetId: other.id,
  });
});
afterAll(() => t.close());

describe('reading the audit log', () => {
  it('gives the owner the company’s entries, newest first, with who, when, from where and what changed', async () => {
    const res = await t.app.inject({ url: audit(acme.id), headers: bearer(ownerToken) });
    expect(res.statusCode).toBe(200);
    const { items, next_cursor } = res.json();
    expect(next_cursor).toBeNull();
    expect(items.map((item: { action: string }) => item.action)).toEqual([
      'remote-access.request',
      'remote-access.request',
      'remote-access.request',
      'remote-access.request',
      'remote-access.request',
      'user.rename',
      'company.update',
      // The sign-ins of beforeAll (the embedded pool records them), the oldest.
      'user.sign-in',
      'user.sign-in',
    ]);
    const ats = items.map((item: { at: string }) => Date.parse(item.at));
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);
    expect(items[6]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      action: 'company.update',
      actor: { type: 'user', id: acme.owner.id, email: acme.owner.email, name: acme.owner.name },
      target: { type: 'company', id: acme.id, name: 'Acme Security Ltd' },
      organizationId: null,
      organizationName: null,
      address: '198.51.100.23',
      userAgent: BROWSER,
      before: { name: 'Acme Security' },
      after: { name: 'Acme Security Ltd' },
    });
    expect(items[0]).toMatchObject({
      target: { type: 'organization', id: maggio.id, name: 'Maggio LLC' },
      organizationId: maggio.id,
      organizationName: 'Maggio LLC',
    });
  });

  it('gives a member only the entries they made themselves', async () => {
    const res = await t.app.inject({ url: audit(acme.id), headers: bearer(memberToken) });
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.map((item: { action: string }) => item.action)).toEqual(['user.rename', 'user.sign-in']);
    expect(items[0]).toMatchObject({
      action: 'user.rename',
      actor: { type: 'user', id: member.id },
      before: { name: '=HYPERLINK("http://evil.example")' },
      after: { name: '-Mallory' },
    });
    // Asking for the owner's entries does not widen it.
    const owners = await t.app.inject({
      url: audit(acme.id, `?actor=${acme.owner.id}`),
      headers: bearer(memberToken),
    });
    expect(owners.json().items).toEqual([]);
  });

  it('answers 404 for another company’s log, 401 without a session', async () => {
    const res = await t.app.inject({ url: audit(other.id), headers: bearer(ownerToken) });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Company not found');
    const theirs = await t.app.inject({ url: audit(acme.id), headers: bearer(otherToken) });
    expect(theirs.statusCode).toBe(404);
    const own = await t.app.inject({ url: audit(other.id), headers: bearer(otherToken) });
    expect(own.json().items.map((item: { action: string }) => item.action)).toEqual([
      'company.update',
      'user.sign-in',
    ]);
    expect((await t.app.inject({ url: audit(acme.id) })).statusCode).toBe(401);
  });

  it('pages with a keyset cursor, without repeating or skipping entries of the same instant', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.app.inject({ url: audit(acme.id, query), headers: bearer(ownerToken) });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item: { id: string }) => item.id));
      cursor = page.next_cursor;
      pages++;
    }
    const all = await t.app.inject({ url: audit(acme.id), headers: bearer(ownerToken) });
    expect(seen).toEqual(all.json().items.map((item: { id: string }) => item.id));
    expect(seen).toHaveLength(9);
    expect(pages).toBe(5);
  });
});

describe('filters', () => {
  const actions = async (query: string) => {
    const res = await t.app.inject({ url: audit(acme.id, query), headers: bearer(ownerToken) });
    expect(res.statusCode).toBe(200);
    return res.json().items.map((item: { action: string }) => item.action);
  };

  it('filters by action or its start, actor, target, customer and time', async () => {
    expect(await actions('?action=remote-access')).toHaveLength(5);
    expect(await actions('?action=remote-access.request')).toHaveLength(5);
    expect(await actions('?action=remote')).toEqual([]);
    expect(await actions(`?actor=${member.id}`)).toEqual(['user.rename', 'user.sign-in']);
    expect(await actions('?target=company')).toEqual(['company.update']);
    expect(await actions(`?target=user:${member.id}`)).toEqual(['user.rename', 'user.sign-in']);
    expect(await actions(`?target=user:${member.id}&action=user.rename`)).toEqual(['user.rename']);
    expect(await actions(`?organizationId=${maggio.id}`)).toHaveLength(5);
    expect(await actions('?until=2000-01-01T00:00:00Z')).toEqual([]);
    expect(await actions('?since=2000-01-01T00:00:00Z&action=company')).toEqual(['company.update']);
    expect(
      await actions(`?since=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`),
    ).toEqual([]);
  });

  it.each([
    ['?since=yesterday', 'since: a date and time such as 2026-11-01T00:00:00Z'],
    ['?until=2026-13-01', 'until: a date and time such as 2026-11-30T23:59:59Z'],
    ['?since=2026-11-02T00:00:00Z&until=2026-11-01T00:00:00Z', 'until: must not be before since'],
    ['?organizationId=maggio', 'organizationId: a customer’s id'],
    ['?action=%25', 'action: an action such as remote-access.request, or its start, such as remote-access'],
    [
      '?target=organization:a%20b',
      'target: a target type such as organization, or type:id such as organization:<id>',
    ],
    ['?cursor=bm9wZQ', 'cursor: Invalid cursor; pass back the next_cursor of the previous page'],
    ['?format=xlsx', 'format'],
    ['?limit=0', 'limit'],
  ])('answers 400 with a message for %s', async (query, message) => {
    const res = await t.app.inject({ url: audit(acme.id, query), headers: bearer(ownerToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(message);
  });
});

describe('CSV export', () => {
  it('exports the filtered range as CSV with formula-escaped cells', async () => {
    const res = await t.app.inject({ url: audit(acme.id, '?format=csv'), headers: bearer(ownerToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(9);
    const rename = rows.find((row) => row.action === 'user.rename');
    // Cells starting with - or = : a spreadsheet must show them, not run them.
    expect(rename?.actor_name).toBe("'-Mallory");
    expect(rename?.user_agent).toBe(`'${FORMULA_AGENT}`);
    expect(JSON.parse(rows.find((row) => row.action === 'company.update')?.after ?? '')).toEqual({
      name: 'Acme Security Ltd',
    });
    const filtered = await t.app.inject({
      url: audit(acme.id, `?format=csv&actor=${member.id}`),
      headers: bearer(ownerToken),
    });
    expect(Papa.parse(filtered.body, { header: true, skipEmptyLines: true }).data).toHaveLength(2);
  });

  it('exports only a member’s own entries to the member', async () => {
    const res = await t.app.inject({ url: audit(acme.id, '?format=csv'), headers: bearer(memberToken) });
    const rows = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true }).data;
    expect(rows.map((row) => row.action)).toEqual(['user.rename', 'user.sign-in']);
  });
});
