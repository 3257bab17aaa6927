import Fastify from 'fastify';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { registerCallerHook } from '../../src/auth/caller-hook.ts';
import { buildCompany } from '../helpers/factories.ts';
import { buildCustomer, companyToken } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The caller is resolved once per request by one hook (auth/caller-hook.ts): the sign-in, the membership and
 * the company's role and ownership in one statement, then the handler's own data. Counted here on the real
 * app with a Kysely plugin that sees every statement sent to the database.
 */

let t: TestApp;
let counted: TestApp['app'];
let statements = 0;

const counter: KyselyPlugin = {
  transformQuery: ({ node }) => {
    statements += 1;
    return node;
  },
  transformResult: async ({ result }) => result,
};

async function statementsOf(request: () => Promise<{ statusCode: number }>): Promise<number> {
  statements = 0;
  const response = await request();
  expect(response.statusCode).toBe(200);
  return statements;
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db.withPlugin(counter);
  counted = await buildApp({
    config: t.config,
    database: { ...t.database, db },
    logger: false,
    webDist: '/x',
  });
  await counted.ready();
});
afterAll(async () => {
  await counted.close();
  await t.close();
});

describe('one hook resolves the caller', () => {
  it('reads a session caller and its company info in two statements', async () => {
    const company = await buildCompany(t.app.db);
    const { accessToken } = await signIn(t.app, company.owner.email, company.owner.password);
    const info = () =>
      counted.inject({ url: '/api/reseller/v1/companies/info', headers: bearer(accessToken) });
    await info(); // the first request of a token also checks its signature
    expect(await statementsOf(info)).toBe(2);
  });

  it('reads a company-token caller and the customer list in two statements', async () => {
    const company = await buildCompany(t.app.db);
    await buildCustomer(t.app.db, company);
    const token = await companyToken(t.app, company);
    const list = () =>
      counted.inject({ url: '/api/user-portal/companies/organizations', headers: bearer(token) });
    await list();
    expect(await statementsOf(list)).toBeLessThanOrEqual(2);
  });

  it('refuses a member removed since the sign-in on the next request', async () => {
    const company = await buildCompany(t.app.db);
    const { accessToken } = await signIn(t.app, company.owner.email, company.owner.password);
    const info = () =>
      counted.inject({ url: '/api/reseller/v1/companies/info', headers: bearer(accessToken) });
    expect((await info()).statusCode).toBe(200);
    await t.app.db.deleteFrom('companies').where('id', '=', company.id).execute();
    const removed = await info();
    expect(removed.statusCode).toBe(401);
    expect(removed.json().detail).toBe('Your account is no longer a member of a company');
  });

  it('refuses a revoked sign-in on the next request', async () => {
    const company = await buildCompany(t.app.db);
    const { accessToken } = await signIn(t.app, company.owner.email, company.owner.password);
    const info = () =>
      counted.inject({ url: '/api/reseller/v1/companies/info', headers: bearer(accessToken) });
    expect((await info()).statusCode).toBe(200);
    await sql`update identity_refresh_tokens set revoked_at = now() where sub = ${company.owner.id}`.execute(
      t.app.db,
    );
    const revoked = await info();
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().detail).toBe('Your session is invalid or has expired.');
  });

  it('refuses to start when a service route does not say who may call it', async () => {
    const probe = Fastify();
    probe.decorate('config', t.config);
    probe.decorate('db', t.app.db);
    registerCallerHook(probe);
    expect(() => probe.get('/api/reseller/v1/undeclared', async () => ({}))).toThrow(
      'GET /api/reseller/v1/undeclared: declare config.caller',
    );
    expect(() =>
      probe.get('/api/obm/v1/public', { config: { caller: 'none', access: {} } }, async () => ({})),
    ).toThrow('config.access needs a member');
  });
});
