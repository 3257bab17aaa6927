import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../browser-kit/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 8199);
// One fresh embedded database per run; workers inherit the variable from the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

// The identity service's admin keys for this run (decision 0007: none in the source): the servers take them
// as IDENTITY_ADMIN_*, the tests sign their admin calls with them (support/identity-admin.ts).
process.env.E2E_IDENTITY_ADMIN_ACCESS_KEY_ID ??= `AKIAE2E${randomBytes(8).toString('hex').toUpperCase()}`;
process.env.E2E_IDENTITY_ADMIN_SECRET_ACCESS_KEY ??= randomBytes(30).toString('base64url');

// The test kit's control endpoint beside the portal (support/kit/portal-under-test.ts): the fixtures make and
// delete each test's companies through it, with this run's token.
const kitPort = Number(process.env.E2E_KIT_PORT ?? port + 2);
process.env.E2E_KIT_URL ??= `http://127.0.0.1:${kitPort}`;
process.env.E2E_KIT_TOKEN ??= randomBytes(32).toString('base64url');

export const baseURL = `http://localhost:${port}`;
/**
 * The same server under another host name, which BRAND_HOSTS gives the second brand (decision 0022): the
 * `kestrel` project's journeys see the Kestrel Eye pages before sign-in.
 */
export const kestrelHostURL = `http://127.0.0.1:${port}`;

// The sink (support/sink/main.ts, issue 15): the real SMTP server the portal mails through and the webhook
// receiver, read by the journeys over HTTP (support/sink.ts).
const sinkPort = Number(process.env.E2E_SINK_PORT ?? port + 101);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 126);
process.env.E2E_SINK_URL ??= `http://localhost:${sinkPort}`;

/** The portal with the test kit's control endpoint beside it, in one process (support/kit/portal-under-test.ts). */
const server = (url: string, env: Record<string, string>) => ({
  command: 'node_modules/.bin/tsx e2e/support/kit/portal-under-test.ts',
  cwd: path.resolve(import.meta.dirname, '..'),
  url: `${url}/readyz`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    MODE: 'demo',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
    // Every first factor the pool can offer, passwordless e-mailed codes included (off by default).
    IDENTITY_EMAIL_OTP_SIGN_IN: 'on',
    IDENTITY_ADMIN_ACCESS_KEY_ID: process.env.E2E_IDENTITY_ADMIN_ACCESS_KEY_ID ?? '',
    IDENTITY_ADMIN_SECRET_ACCESS_KEY: process.env.E2E_IDENTITY_ADMIN_SECRET_ACCESS_KEY ?? '',
    E2E_KIT_PORT: String(kitPort),
    E2E_KIT_TOKEN: process.env.E2E_KIT_TOKEN ?? '',
    ...env,
  },
});

/** End-to-end journeys in Debian's Chromium against the built app served by the real server. */
export default defineConfig<{ serverDataDir: string }>({
  testDir: './tests',
  // Spec files side by side (journeys make their own data, decision 0015), the tests of one file in order (the
  // fault spec starts a server of its own in beforeAll). Two workers keep both cores busy while a journey
  // waits on the server or the bundling window; E2E_WORKERS overrides.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
    // The offline service worker precaches the whole app in every new context, and requests it answers are
    // not seen by page.route() (journeys that hold a chunk back). Only the journeys about it allow it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The second brand (SPEC §1): name, links, copyright and agreement text, on the same server by host name.
    {
      name: 'kestrel',
      testDir: './tests-kestrel',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: kestrelHostURL },
    },
  ],
  webServer: [
    {
      command: 'node_modules/.bin/tsx e2e/support/sink/main.ts',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${process.env.E2E_SINK_URL}/healthz`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: { SINK_HTTP_PORT: String(sinkPort), SINK_SMTP_PORT: String(smtpPort) },
    },
    server(baseURL, {
      PORT: String(port),
      DATA_DIR: dataDir,
      // Mail goes over real SMTP to the sink (demo mode keeps a copy in the development mailbox too).
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Webhooks to the sink on localhost; a short bundling window so a journey waits seconds, not minutes.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      NOTIFY_BUNDLE_SECONDS: '5',
      WEBHOOK_RETRY_BASE_SECONDS: '1',
      // The webhook journey tests one webhook twice within seconds (before and after a rotation).
      WEBHOOK_TEST_INTERVAL_SECONDS: '0',
      // One deployment, two brands (decision 0022): the kestrel project reaches it as 127.0.0.1.
      BRAND_HOSTS: '127.0.0.1=kestrel',
    }),
  ],
});
