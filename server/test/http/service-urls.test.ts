import { SERVICE_NAMES } from '@portal/contracts/runtime-config';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/infrastructure/config/config.ts';
import { serviceUrlsSchema, serviceUrlVariable } from '../../src/infrastructure/config/service-urls.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 28 item 7: SERVICE_URL_<NAME> is part of the validated configuration, not read raw. */
describe('SERVICE_URL_<NAME>', () => {
  let app: TestApp | undefined;
  afterAll(() => app?.close());

  it('has a variable for every service of the web app', () => {
    for (const name of SERVICE_NAMES)
      expect(serviceUrlsSchema.shape).toHaveProperty(serviceUrlVariable(name));
    expect(serviceUrlVariable('userPortalAuth')).toBe('SERVICE_URL_USER_PORTAL_AUTH');
  });

  it('takes an http(s) URL or a path, and refuses anything else at start naming the variable', () => {
    const config = loadConfig({
      SERVICE_URL_RESELLER: 'https://reseller.example.com/api/reseller',
      SERVICE_URL_OBM: '/elsewhere/obm',
    });
    expect(config.SERVICE_URL_RESELLER).toBe('https://reseller.example.com/api/reseller');
    expect(config.SERVICE_URL_OBM).toBe('/elsewhere/obm');
    expect(() => loadConfig({ SERVICE_URL_PLATFORM: 'platform.example.com' })).toThrowError(
      /SERVICE_URL_PLATFORM/,
    );
    expect(() => loadConfig({ SERVICE_URL_PLATFORM: 'ftp://platform.example.com' })).toThrowError(
      /SERVICE_URL_PLATFORM/,
    );
    expect(loadConfig({ SERVICE_URL_PLATFORM: '' }).SERVICE_URL_PLATFORM).toBeUndefined();
  });

  it("reaches /api/config and the policy's connect-src from the configuration, not the process environment", async () => {
    expect(process.env.SERVICE_URL_RESELLER).toBeUndefined();
    app = await buildTestApp({ SERVICE_URL_RESELLER: 'https://reseller.example.com/api/reseller' });
    const res = await app.app.inject('/api/config');
    expect(res.json().services).toMatchObject({
      reseller: 'https://reseller.example.com/api/reseller',
      obm: '/api/obm',
    });
    expect(res.headers['content-security-policy']).toContain(
      "connect-src 'self' https://reseller.example.com;",
    );
  });
});
