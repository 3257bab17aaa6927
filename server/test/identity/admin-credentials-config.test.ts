import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/infrastructure/config/config.ts';

/** What production needs besides the keys (test/operations/production-config.test.ts). */
const PRODUCTION = {
  MODE: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
  PUBLIC_URL: 'https://portal.example.com',
};

const GOOD = {
  IDENTITY_ADMIN_ACCESS_KEY_ID: 'AKIAPRODUCTIONKEY001',
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'a-production-secret-of-forty-characters!!',
};

describe('admin keys in the configuration', () => {
  it('have no default: unset in demo mode, the embedded pool generates them', () => {
    const config = loadConfig({});
    expect(config.IDENTITY_ADMIN_ACCESS_KEY_ID).toBeUndefined();
    expect(config.IDENTITY_ADMIN_SECRET_ACCESS_KEY).toBeUndefined();
  });

  it('are required in production, naming the variables', () => {
    expect(() => loadConfig(PRODUCTION)).toThrowError(ConfigError);
    expect(() => loadConfig(PRODUCTION)).toThrowError(
      /IDENTITY_ADMIN_ACCESS_KEY_ID: is required in MODE=production[\s\S]*IDENTITY_ADMIN_SECRET_ACCESS_KEY/,
    );
    expect(loadConfig({ ...PRODUCTION, ...GOOD }).IDENTITY_ADMIN_ACCESS_KEY_ID).toBe(
      GOOD.IDENTITY_ADMIN_ACCESS_KEY_ID,
    );
  });

  it('refuse keys that are too short', () => {
    expect(() =>
      loadConfig({ ...PRODUCTION, ...GOOD, IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'short-secret' }),
    ).toThrowError(/IDENTITY_ADMIN_SECRET_ACCESS_KEY: must be at least 32 characters/);
    expect(() =>
      loadConfig({ ...PRODUCTION, ...GOOD, IDENTITY_ADMIN_ACCESS_KEY_ID: 'AKIASHORT' }),
    ).toThrowError(/IDENTITY_ADMIN_ACCESS_KEY_ID: must be at least 16 characters/);
  });

  it('refuse the values that once shipped with the source, in every mode', () => {
    for (const MODE of ['production', 'demo']) {
      expect(() =>
        loadConfig({
          MODE,
          IDENTITY_ADMIN_ACCESS_KEY_ID: 'AKIAPARTNERPORTAL0001',
          IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'partner-portal-embedded-admin-secret',
        }),
      ).toThrowError(
        /IDENTITY_ADMIN_ACCESS_KEY_ID: is a value that was published[\s\S]*IDENTITY_ADMIN_SECRET_ACCESS_KEY: is a value that was published/,
      );
    }
  });

  it('come both or not at all, and are required for an external pool', () => {
    expect(() =>
      loadConfig({ IDENTITY_ADMIN_ACCESS_KEY_ID: GOOD.IDENTITY_ADMIN_ACCESS_KEY_ID }),
    ).toThrowError(/IDENTITY_ADMIN_SECRET_ACCESS_KEY: must be set together/);
    expect(() =>
      loadConfig({ COGNITO_ENDPOINT: 'https://cognito-idp.us-west-2.amazonaws.com' }),
    ).toThrowError(/IDENTITY_ADMIN_ACCESS_KEY_ID: is required with COGNITO_ENDPOINT/);
  });
});
