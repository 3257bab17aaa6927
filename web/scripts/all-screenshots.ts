/**
 * Every review screenshot in one command: starts the built portal on a fresh demo database, runs each
 * screen's screenshot script against it (light and dark, en and zh-TW, 1440 and 390 px) and stops it.
 *
 *   npm run build -w web && npm run screenshots:all -w web      # PNGs in screenshots/
 *
 * Each script is told the server with --base and finds the demo passwords through DATA_DIR (see
 * screenshot-harness.ts). Traditional Chinese needs a CJK font on the machine (Debian: fonts-wqy-microhei
 * or fonts-noto-cjk).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.SCREENSHOTS_PORT ?? 8197);
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-screenshots-'));

/** The screens' scripts (map-screenshots.ts is left out: it is meant for the large data set). */
const SCRIPTS = [
  'shell-screenshots.ts',
  'auth-screenshots.ts',
  'two-step-screenshots.ts',
  'account-screenshots.ts',
  'api-keys-screenshots.ts',
  'customers-screenshots.ts',
  'dashboard-screenshots.ts',
  'incidents-screenshots.ts',
  'notifications-screenshots.ts',
  'activity-screenshots.ts',
  'partners-screenshots.ts',
  'brand-screenshots.ts',
].map((file) => `web/scripts/${file}`);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn('npm', ['run', 'serve'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      MODE: 'demo',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      // The second brand's sign-in pages under 127.0.0.1 (brand-screenshots.ts, decision 0022).
      BRAND_HOSTS: '127.0.0.1=kestrel',
    },
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${base}/readyz within 3 minutes`);
}

const server = await startServer();
const failed: string[] = [];
try {
  for (const script of SCRIPTS) {
    process.stdout.write(`\n▶ ${script}\n`);
    await run('npx', ['tsx', script, '--base', base], { DATA_DIR: dataDir }).catch((error: Error) => {
      process.stderr.write(`✗ ${script}: ${error.message}\n`);
      failed.push(script);
    });
  }
} finally {
  // The server runs in its own process group (npm → node); end all of it.
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
process.stdout.write(
  `\nScreenshots in ${path.join(root, 'screenshots')}${failed.length ? `; failed: ${failed.join(', ')}` : ''}\n`,
);
process.exitCode = failed.length ? 1 : 0;
