import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildCompany } from '../helpers/factories.ts';
import { buildCustomer, companyToken } from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 24 (phone on mobile data): the services' JSON goes out compressed when the client accepts it;
 * the identity endpoint's tokens never share a compressed body with other text; small answers stay plain.
 */
let t: TestApp;
let token: string;
let owner: BuiltUser;

beforeAll(async () => {
  t = await buildTestApp();
  const dealer = await buildCompany(t.app.db);
  owner = dealer.owner;
  token = await companyToken(t.app, dealer);
  for (let i = 0; i < 40; i++)
    await buildCustomer(t.app.db, dealer, { name: `Customer ${i} of a long list` });
});
afterAll(() => t?.close());

const customers = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user-portal/companies/organizations',
    headers: { ...bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed JSON answers', () => {
  it('are brotli for a browser, gzip for a gzip-only client, plain for a client that asks for none', async () => {
    const plain = await customers();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await customers('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await customers('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leave small answers and the identity endpoint plain', async () => {
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    // A sign-in's answer (three tokens, well over 1 KB) as a browser asks for it.
    const identity = await t.app.inject({
      method: 'POST',
      url: '/api/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        'accept-encoding': 'gzip, deflate, br',
      },
      payload: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: t.config.COGNITO_CLIENT_ID,
        AuthParameters: { USERNAME: owner.email, PASSWORD: owner.password },
      }),
    });
    expect(identity.statusCode).toBe(200);
    expect(identity.rawPayload.length).toBeGreaterThan(1024);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().AuthenticationResult.AccessToken).toBeTruthy();
  });
});
