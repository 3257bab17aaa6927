import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/infrastructure/config/config.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ FAULT_SERVICES: 'platform, obm' });
});
afterAll(() => t?.close());

describe('FAULT_SERVICES', () => {
  it('makes the named services answer 503 with a JSON detail, and leaves the others alone', async () => {
    for (const url of ['/api/platform/v1/organizations/x/services', '/api/obm/companies/statistics?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'Service unavailable', extraType: 'UNAVAILABLE' });
    }
    // Not a prefix match on the name alone, and other services still check tokens as usual.
    expect((await t.app.inject('/api/platformx')).statusCode).not.toBe(503);
    expect((await t.app.inject('/api/user-portal/companies/organizations')).statusCode).toBe(401);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('is refused in production and for unknown names', () => {
    expect(() => loadConfig({ MODE: 'production', FAULT_SERVICES: 'platform' })).toThrow(ConfigError);
    expect(() => loadConfig({ FAULT_SERVICES: 'identity' })).toThrow(/FAULT_SERVICES/);
    expect(loadConfig({ FAULT_SERVICES: '' }).FAULT_SERVICES).toEqual([]);
  });
});
