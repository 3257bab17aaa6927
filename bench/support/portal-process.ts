/**
 * The real server as its own process (`node --import tsx [preload] server/src/main.ts`, as `npm start` runs it), so
 * that the load generator in the bench process does not share its event loop, and its CPU time can be read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoPassword } from './demo-accounts.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * This process's environment without what configures a portal (database, port, mode, identity keys) or
 * the tests and benches: what a portal process started by a bench inherits.
 */
export function inheritedEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(DATABASE_URL|DATA_DIR|PORT|PUBLIC_URL|MODE|FAULT_SERVICES|TEST_|BENCH_|IDENTITY_|COGNITO_)/.test(
          name,
        ),
    ),
  ) as Record<string, string>;
}

export type PortalDatabase =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string; dataDir: string };

export interface PortalOptions {
  port: number;
  database: PortalDatabase;
  /** Extra environment (LOG_LEVEL, IDENTITY_* …); MODE=demo and DEMO_SIZE=small unless given. */
  env?: Record<string, string>;
  /** Extra node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  nodeArgs?: string[];
  /** How long seeding and start may take. */
  startTimeoutMs?: number;
  /** Another checkout of the repository (with its own node_modules) to run instead of this one. */
  root?: string;
  /** Write the server's log (stdout) to this file instead of /dev/null. */
  logFile?: string;
}

export interface PortalProcess {
  url: string;
  pid: number;
  /** User + system CPU seconds the server process has used so far (Linux /proc). */
  cpuSeconds(): number;
  /** A demo account's password, from the demo-accounts.json the server wrote at start. */
  demoPassword(email: string): string;
  /** SIGTERM (graceful close, so --cpu-prof writes its profile) and wait for the exit. */
  stop(): Promise<void>;
}

/** Clock ticks per second of /proc/<pid>/stat; 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the ")" that closes the command name: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

export async function startPortal(options: PortalOptions): Promise<PortalProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    MODE: 'demo',
    DEMO_SIZE: 'small',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    PUBLIC_URL: `http://localhost:${options.port}`,
    DATA_DIR: options.database.dataDir,
    ...options.env,
  };
  if (options.database.kind === 'postgres') env.DATABASE_URL = options.database.url;
  else delete env.DATABASE_URL;
  const root = options.root ?? REPO_ROOT;
  // As `npm start`: the tracing preload (issue 26) before the server, where the checkout has one.
  const preload = 'server/src/infrastructure/observability/preload.ts';
  const preloadArgs = existsSync(path.join(root, preload)) ? ['--import', `./${preload}`] : [];
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', ...preloadArgs, 'server/src/main.ts'],
    {
      cwd: root,
      env,
      // The log goes to /dev/null (or logFile): written and serialised as in production, but not read.
      stdio: ['ignore', options.logFile ? openSync(options.logFile, 'w') : 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitUntilReady(url, child, () => stderr, options.startTimeoutMs ?? 300_000);
  const pid = child.pid!;
  return {
    url,
    pid,
    cpuSeconds: () => processCpuSeconds(pid),
    demoPassword: (email) => demoPassword(options.database.dataDir, email),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitUntilReady(url: string, child: ChildProcess, stderr: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the server at ${url} was not ready within ${timeoutMs} ms:\n${stderr()}`);
}

/** A bare Fastify hello-world in its own process: the yardstick for the portal's throughput. */
export function startHelloWorld(port: number): Promise<PortalProcess> {
  return startBenchServer(port, 'bench/support/hello-server.ts');
}

/**
 * The hand-written peer of GET /api/reseller/v1/companies/info (bench/support/peer-server.ts) on the portal's
 * PostgreSQL database, making its checks in `queries` round trips (3 or 1).
 */
export function startPeer(port: number, databaseUrl: string, issuer: string, queries: 1 | 3) {
  return startBenchServer(port, 'bench/support/peer-server.ts', [databaseUrl, issuer, String(queries)]);
}

async function startBenchServer(port: number, script: string, args: string[] = []): Promise<PortalProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(port), ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitUntilReady(url, child, () => stderr, 30_000);
  const pid = child.pid!;
  return {
    url,
    pid,
    cpuSeconds: () => processCpuSeconds(pid),
    demoPassword: () => {
      throw new Error('the hello-world server has no demo accounts');
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
