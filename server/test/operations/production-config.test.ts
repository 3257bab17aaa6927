import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/infrastructure/config/config.ts';
import { buildTestApp } from '../helpers/test-app.ts';

/**
 * Issue 26 item 7: MODE=production refuses to start with anything only a demo may have, and names every
 * problem in one message.
 */
const GOOD_PRODUCTION = {
  MODE: 'production',
  PUBLIC_URL: 'https://partner.example.com',
  SMTP_URL: 'smtps://portal:secret@smtp.example.com:465',
  IDENTITY_ADMIN_ACCESS_KEY_ID: 'AKIAPRODUCTIONKEY001',
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'a-production-secret-of-forty-characters!!',
};

/** The problems a configuration is refused for, one `VARIABLE: message` line each. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
}

describe('MODE=production', () => {
  it('starts with a complete production configuration', () => {
    expect(problemsOf(GOOD_PRODUCTION)).toEqual([]);
  });

  it.each([
    [
      'SIMULATE',
      { SIMULATE: 'true' },
      'SIMULATE: drives the demo devices and is not allowed in MODE=production',
    ],
    [
      'FAULT_SERVICES',
      { FAULT_SERVICES: 'platform' },
      'FAULT_SERVICES: is for fault tests only and not allowed in MODE=production',
    ],
    [
      'WEBHOOK_ALLOW_PRIVATE',
      { WEBHOOK_ALLOW_PRIVATE: 'true' },
      'WEBHOOK_ALLOW_PRIVATE: opens private networks to webhooks and is not allowed in MODE=production',
    ],
    ['a missing SMTP_URL', { SMTP_URL: '' }, 'SMTP_URL: is required in MODE=production'],
    [
      'a missing admin access key id',
      { IDENTITY_ADMIN_ACCESS_KEY_ID: '', IDENTITY_ADMIN_SECRET_ACCESS_KEY: '' },
      'IDENTITY_ADMIN_ACCESS_KEY_ID: is required in MODE=production',
    ],
    ['a missing PUBLIC_URL', { PUBLIC_URL: '' }, 'PUBLIC_URL: is required in MODE=production'],
    [
      'a PUBLIC_URL without https',
      { PUBLIC_URL: 'http://partner.example.com' },
      'PUBLIC_URL: must be an https:// URL in MODE=production',
    ],
  ])('refuses %s, naming it', (_name, change, expected) => {
    const problems = problemsOf({ ...GOOD_PRODUCTION, ...change });
    expect(problems).toHaveLength(expected.startsWith('IDENTITY_ADMIN') ? 2 : 1);
    expect(problems[0]).toContain(expected);
    // The same settings are a demo's to use.
    expect(
      problemsOf({
        ...GOOD_PRODUCTION,
        ...change,
        MODE: 'demo',
        IDENTITY_ADMIN_ACCESS_KEY_ID: '',
        IDENTITY_ADMIN_SECRET_ACCESS_KEY: '',
      }),
    ).toEqual([]);
  });

  it('has no development mailbox (it is a demo mode route, with no setting to turn it on)', async () => {
    const production = await buildTestApp({ MODE: 'production' });
    try {
      expect((await production.app.inject('/api/dev/mailbox')).statusCode).toBe(404);
      expect((await production.app.inject('/api/dev/mailbox/messages')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('names the production problems also when another value does not parse', () => {
    const problems = problemsOf({ ...GOOD_PRODUCTION, PORT: '99999', SIMULATE: 'true', SMTP_URL: '' });
    expect(problems.map((line) => line.split(':')[0]).sort()).toEqual(['PORT', 'SIMULATE', 'SMTP_URL']);
  });

  it('names every problem at once, and the server exits with that message before opening the database', () => {
    const all = {
      MODE: 'production',
      PUBLIC_URL: 'http://partner.example.com',
      SIMULATE: 'true',
      FAULT_SERVICES: 'platform,obm',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    };
    const variables = problemsOf(all).map((line) => line.split(':')[0]);
    expect(variables.sort()).toEqual(
      [
        'FAULT_SERVICES',
        'IDENTITY_ADMIN_ACCESS_KEY_ID',
        'IDENTITY_ADMIN_SECRET_ACCESS_KEY',
        'PUBLIC_URL',
        'SIMULATE',
        'SMTP_URL',
        'WEBHOOK_ALLOW_PRIVATE',
      ].sort(),
    );

    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        ...all,
        DATA_DIR: '/nonexistent/never-created',
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    for (const variable of variables) expect(result.stderr).toContain(`${variable}:`);
  });
});
