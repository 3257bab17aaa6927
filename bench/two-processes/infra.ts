/**
 * What the two-process bench runs on: a throwaway PostgreSQL cluster (owned by `nobody` when we are root,
 * as .ci/run does it) and real server processes (`node --import tsx server/src/main.ts`, as `npm start`).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inheritedEnvironment } from '../support/portal-process.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Cluster {
  url: string;
  stop(): Promise<void>;
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** initdb + pg_ctl start in `dir` (emptied first) on `port`; stop() removes it again. */
export async function startCluster(bin: string, dir: string, port: number): Promise<Cluster> {
  if (!existsSync(path.join(bin, 'initdb'))) throw new Error(`no PostgreSQL binaries in ${bin}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, 65534, 65534);
  const run = async (command: string) => {
    const [file, args] = asRoot
      ? ['su', ['nobody', '-s', '/bin/sh', '-c', command]]
      : ['sh', ['-c', command]];
    await promisify(execFile)(file as string, args as string[], { timeout: 120_000 });
  };
  const data = path.join(dir, 'db');
  await run(`${bin}/initdb -D ${data} -U postgres -A trust >/dev/null`);
  await run(
    `${bin}/pg_ctl -D ${data} -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1' -l ${dir}/log -w start >/dev/null`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await run(`${bin}/pg_ctl -D ${data} -m fast -w stop >/dev/null`).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  logFile: string;
  /** User + system CPU seconds so far (Linux /proc). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Starts one server process and waits for GET /readyz = 200. Its log (stdout and stderr) goes to logFile. */
export async function startServer(options: {
  name: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const inherited = inheritedEnvironment();
  const log = createWriteStream(options.logFile);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(options.port), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const tail = () => {
    try {
      return readFileSync(options.logFile, 'utf8').slice(-3000);
    } catch {
      return '';
    }
  };
  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited with ${child.exitCode}:\n${tail()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} not ready at ${url}:\n${tail()}`);
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pid = child.pid as number;
  return {
    name: options.name,
    url,
    pid,
    logFile: options.logFile,
    cpuSeconds: () => processCpuSeconds(pid),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      log.end();
    },
  };
}
