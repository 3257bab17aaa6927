import { organizationListSchema } from '@portal/contracts/organizations';
import { companyInfoSchema, memberListSchema } from '@portal/contracts/reseller';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.ts';
import { plainJsonSchema } from '../../src/infrastructure/http/response-serializer.ts';
import { buildCompany } from '../helpers/factories.ts';
import { buildCustomer } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Responses as the running server writes them (fast-json-stringify from the contract schema, no check of the
 * values) against the tests' way (zod checks every response first): the same bytes for real calls, only
 * declared properties, and what is not checked any more.
 */

let checked: TestApp;
let fast: FastifyInstance;
const contractSchema = z.object({ id: z.string(), kind: z.enum(['a', 'b']), at: z.string().nullable() });
let handlerValue: unknown;

beforeAll(async () => {
  checked = await buildTestApp();
  fast = await buildApp({
    config: checked.config,
    database: checked.database,
    logger: false,
    webDist: '/nonexistent',
  });
  fast.get('/api/test/contract', { schema: { response: { 200: contractSchema } } }, async () => handlerValue);
  await fast.ready();
});
afterAll(async () => {
  await fast?.close();
  await checked?.close();
});

describe('response serialisation', () => {
  it('writes the same bytes as the checked path for company info, members and the customer list', async () => {
    const company = await buildCompany(checked.app.db, { name: 'Serial Co' });
    for (let i = 0; i < 3; i++)
      await buildCustomer(checked.app.db, company, { name: `Customer "${i}" \u00e9` });
    const { idToken } = await signIn(checked.app, company.owner.email, company.owner.password);
    const companyToken = (
      await checked.app.inject({
        method: 'POST',
        url: '/api/reseller/auth/vortextoken',
        headers: bearer(idToken),
        payload: { companyId: company.id },
      })
    ).json().token as string;
    for (const [url, token] of [
      ['/api/reseller/v1/companies/info', idToken],
      ['/api/reseller/v1/me', idToken],
      [`/api/reseller/v1/companies/${company.id}/users`, idToken],
      ['/api/user-portal/companies/organizations', companyToken],
    ] as const) {
      const [slow, quick] = await Promise.all(
        [checked.app, fast].map((app) => app.inject({ url, headers: bearer(token) })),
      );
      expect(slow?.statusCode, url).toBe(200);
      expect(quick?.body, url).toBe(slow?.body);
    }
  });

  it('writes only declared properties and refuses a value missing a required one', async () => {
    handlerValue = { id: 'x', kind: 'a', at: null, passwordHash: 'secret' };
    const res = await fast.inject('/api/test/contract');
    expect(res.json()).toEqual({ id: 'x', kind: 'a', at: null });
    handlerValue = { kind: 'a', at: null };
    expect((await fast.inject('/api/test/contract')).statusCode).toBe(500);
  });

  it('does not check values on the fast path; the tests, which check them, would refuse this one', async () => {
    handlerValue = { id: 'x', kind: 'not-in-the-enum', at: null };
    expect((await fast.inject('/api/test/contract')).json()).toEqual(handlerValue);
  });

  it('leaves schemas with transforms, codecs or defaults to zod', () => {
    for (const schema of [contractSchema, companyInfoSchema, organizationListSchema, memberListSchema])
      expect(plainJsonSchema(schema)).toBeDefined();
    expect(plainJsonSchema(z.object({ n: z.number().default(1) }))).toBeUndefined();
    expect(plainJsonSchema(z.object({ at: z.date() }))).toBeUndefined();
    expect(plainJsonSchema(z.string().transform((value) => value.length))).toBeUndefined();
  });
});
