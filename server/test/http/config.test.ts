import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/infrastructure/config/config.ts';
import { generateAdminKeyEnv } from '../../src/services/identity/admin-credentials.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: path.resolve('data'),
      MODE: 'demo',
      BRAND: 'lumora',
      PUBLIC_URL: 'http://localhost:8080',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('resolves a relative DATA_DIR where npm was invoked, so `npm start` uses the repository data/', () => {
    // npm sets INIT_CWD to the directory the command was typed in; the workspace script runs in server/.
    expect(loadConfig({ INIT_CWD: '/srv/portal' }).DATA_DIR).toBe(path.resolve('/srv/portal/data'));
    expect(loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: 'state' }).DATA_DIR).toBe(
      path.resolve('/srv/portal/state'),
    );
    expect(loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: '/var/lib/portal' }).DATA_DIR).toBe(
      '/var/lib/portal',
    );
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', MODE: 'staging', DATABASE_URL: 'mysql://x' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*MODE|PORT[\s\S]*MODE[\s\S]*DATABASE_URL/,
    );
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', SMTP_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('runs the device simulator (SIMULATE) in demo mode only, off by default', () => {
    expect(loadConfig({}).SIMULATE).toBe(false);
    expect(loadConfig({ SIMULATE: 'true' }).SIMULATE).toBe(true);
    expect(() => loadConfig({ ...generateAdminKeyEnv(), MODE: 'production', SIMULATE: 'true' })).toThrowError(
      /SIMULATE: drives the demo devices and is not allowed in MODE=production/,
    );
  });

  it('gives a shutdown 20 s, 3 of them to drain, and refuses a drain as long as the whole (decision 0028)', () => {
    expect(loadConfig({})).toMatchObject({ SHUTDOWN_SECONDS: 20, SHUTDOWN_DRAIN_SECONDS: 3 });
    expect(() => loadConfig({ SHUTDOWN_SECONDS: '5', SHUTDOWN_DRAIN_SECONDS: '5' })).toThrowError(
      /SHUTDOWN_DRAIN_SECONDS: must be shorter than SHUTDOWN_SECONDS/,
    );
  });

  it('stops the server at start-up with a message naming the variable', () => {
    const serverDir = path.resolve(import.meta.dirname, '../..');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: '99999', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      // Loading the server's modules alone took 19.6 s on a loaded 2-core machine (1.8 s of CPU).
      timeout: 80_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
  });
});
