import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRule } from '../../src/auth/access-rule.ts';
import { registerCallerHook } from '../../src/auth/caller-hook.ts';
import { registerErrorHandler } from '../../src/edge/error-handler.ts';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The access guard's vendor and hierarchy checks (SPEC §6), which no product route declares yet: a probe
 * server on the same database declares them the way a route would, and the real app signs users in.
 */

let t: TestApp;
let probe: FastifyInstance;

const RULES: Record<string, AccessRule> = {
  '/kestrel-only': { vendors: ['kestrel'] },
  '/no-vendor': { vendors: [] },
  '/disty-authority': { hierarchy: 'disty' },
  '/dealer-only': { roles: ['dealer'] },
  '/hq-or-region': { roles: ['hq-pm', 'region'] },
};

beforeAll(async () => {
  t = await buildTestApp();
  probe = Fastify();
  probe.decorate('config', t.config);
  probe.decorate('db', t.app.db);
  registerErrorHandler(probe);
  registerCallerHook(probe);
  for (const [url, access] of Object.entries(RULES)) {
    probe.get(url, { config: { caller: 'session', access } }, async (request) => ({
      role: request.caller.role,
    }));
  }
  await probe.ready();
});
afterAll(async () => {
  await probe.close();
  await t.close();
});

async function sessionOf(company: BuiltCompany): Promise<string> {
  return (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
}

async function statusesOf(token: string): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.keys(RULES).map(async (url) => {
      const res = await probe.inject({ method: 'GET', url, headers: bearer(token) });
      if (res.statusCode === 403) expect(res.json().detail).toEqual(expect.any(String));
      return [url, res.statusCode] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('access rules declared by a route', () => {
  it('check the vendor of the caller’s company', async () => {
    const lumora = await sessionOf(await buildCompany(t.app.db, { vendor: 'lumora' }));
    const kestrel = await sessionOf(await buildCompany(t.app.db, { vendor: 'kestrel' }));
    expect((await statusesOf(lumora))['/kestrel-only']).toBe(403);
    expect((await statusesOf(kestrel))['/kestrel-only']).toBe(200);
    expect((await statusesOf(kestrel))['/no-vendor']).toBe(403);
  });

  it('check the role and its hierarchy authorities in the permission map', async () => {
    const dealer = await sessionOf(await buildCompany(t.app.db, { roles: ['dealer'] }));
    const disty = await sessionOf(await buildCompany(t.app.db, { roles: ['disty'] }));
    const region = await sessionOf(await buildCompany(t.app.db, { roles: ['region', 'dealer'] }));
    expect(await statusesOf(dealer)).toMatchObject({
      '/disty-authority': 403,
      '/dealer-only': 200,
      '/hq-or-region': 403,
    });
    expect(await statusesOf(disty)).toMatchObject({
      '/disty-authority': 200,
      '/dealer-only': 403,
      '/hq-or-region': 403,
    });
    // The current role is the first of the company's roles (SPEC §3 User).
    expect(await statusesOf(region)).toMatchObject({
      '/disty-authority': 200,
      '/dealer-only': 403,
      '/hq-or-region': 200,
    });
  });

  it('read the role fresh on every request, not from the sign-in', async () => {
    const company = await buildCompany(t.app.db, { roles: ['disty'] });
    const token = await sessionOf(company);
    expect((await statusesOf(token))['/dealer-only']).toBe(403);
    await t.app.db
      .updateTable('companies')
      .set({ roles: ['dealer'] })
      .where('id', '=', company.id)
      .execute();
    expect((await statusesOf(token))['/dealer-only']).toBe(200);
  });

  it('answer 401 to a session of someone no longer a member of a company', async () => {
    const company = await buildCompany(t.app.db);
    const token = await sessionOf(company);
    expect((await probe.inject({ url: '/dealer-only', headers: bearer(token) })).statusCode).toBe(200);
    await t.app.db.deleteFrom('companies').where('id', '=', company.id).execute();
    expect((await probe.inject({ url: '/dealer-only', headers: bearer(token) })).statusCode).toBe(401);
  });
});
