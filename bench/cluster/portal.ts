/** One portal process of the cluster bench (`node --import tsx server/src/main.ts`, as `npm start`). */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { inheritedEnvironment } from '../support/portal-process.ts';
import { REPO_ROOT } from '../two-processes/infra.ts';

export interface PortalProcess {
  name: string;
  url: string;
  /** Starts the process (again) and waits for its /readyz 200; returns the milliseconds it took. */
  start(): Promise<number>;
  /** SIGTERM and wait for the exit: its code and the milliseconds from the signal. */
  terminate(): Promise<{ code: number | null; ms: number }>;
}

export function portalProcess(options: {
  name: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
}): PortalProcess {
  const url = `http://127.0.0.1:${options.port}`;
  const inherited = inheritedEnvironment();
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  let log: WriteStream | undefined;

  return {
    name: options.name,
    url,
    async start() {
      const started = performance.now();
      log = createWriteStream(options.logFile, { flags: 'a' });
      const current = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: REPO_ROOT,
        env: { ...inherited, HOST: '127.0.0.1', PORT: String(options.port), ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = current;
      current.stdout?.pipe(log, { end: false });
      current.stderr?.pipe(log, { end: false });
      exited = new Promise((resolve) => current.once('exit', (code) => resolve(code)));
      const deadline = Date.now() + 300_000;
      for (;;) {
        if (current.exitCode !== null)
          throw new Error(`${options.name} exited with ${current.exitCode}; see ${options.logFile}`);
        if (Date.now() > deadline) {
          current.kill('SIGKILL');
          throw new Error(`${options.name} not ready at ${url}; see ${options.logFile}`);
        }
        try {
          const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
          if (res.status === 200) return performance.now() - started;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async terminate() {
      const started = performance.now();
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      return { code, ms: performance.now() - started };
    },
  };
}
