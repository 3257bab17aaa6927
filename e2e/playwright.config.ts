import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8199);
// One fresh embedded database per run; workers inherit the variable from the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
// The second brand runs on a server of its own (BRAND is the server's, read once at start-up).
const kestrelPort = Number(process.env.E2E_KESTREL_PORT ?? port + 1000);
process.env.E2E_KESTREL_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-kestrel-'));
const kestrelDataDir = process.env.E2E_KESTREL_DATA_DIR;

export const baseURL = `http://localhost:${port}`;
const kestrelURL = `http://localhost:${kestrelPort}`;

const server = (url: string, env: Record<string, string>) => ({
  command: 'npm run serve',
  cwd: path.resolve(import.meta.dirname, '..'),
  url: `${url}/readyz`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: { MODE: 'demo', LOG_LEVEL: 'warn', PUBLIC_URL: url, ...env },
});

/** End-to-end journeys in Debian's Chromium against the built app served by the real server. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // One journey with the second brand (SPEC §1): name, links, copyright and agreement text.
    {
      name: 'kestrel',
      testDir: './tests-kestrel',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: kestrelURL },
    },
  ],
  webServer: [
    server(baseURL, { PORT: String(port), DATA_DIR: dataDir }),
    server(kestrelURL, { PORT: String(kestrelPort), DATA_DIR: kestrelDataDir, BRAND: 'kestrel' }),
  ],
});
