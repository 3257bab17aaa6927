import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { generateAdminKeyEnv } from '../../src/services/identity/admin-credentials.ts';
import { startSmtpSink } from '../helpers/smtp-sink.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');

/** A real server process (`src/main.ts` under tsx), as production runs it, for fault tests. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** The last lines the process wrote to stderr, for failure messages. */
  stderr(): string;
  /** SIGKILL: no shutdown hook runs, in-flight requests are cut. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the graceful exit. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the server with `env` (PORT, PUBLIC_URL, MODE=production with an SMTP sink and random admin keys
 * unless given) and waits for /readyz.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 180_000): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(DATABASE_URL|DATA_DIR|PORT|PUBLIC_URL|MODE|FAULT_SERVICES|TEST_|IDENTITY_|COGNITO_)/.test(name),
    ),
  );
  // Production refuses to start without SMTP and an https PUBLIC_URL: mail goes to a real SMTP server on
  // loopback in this process, and the public URL is a name of its own (the test reaches the process at `url`).
  const production = (env.MODE ?? 'production') === 'production';
  const smtp = production && !env.SMTP_URL ? await startSmtpSink() : undefined;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './src/infrastructure/observability/preload.ts', 'src/main.ts'],
    {
      cwd: serverDir,
      env: {
        ...inherited,
        MODE: 'production',
        LOG_LEVEL: 'error',
        HOST: '127.0.0.1',
        PORT: port,
        PUBLIC_URL: production ? 'https://portal.test.example' : url,
        ...(smtp ? { SMTP_URL: smtp.url } : {}),
        ...generateAdminKeyEnv(),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      void smtp?.close();
      resolve();
    }),
  );
  const handle: ServerProcess = {
    url,
    child,
    stderr: () => stderr,
    kill9: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return handle;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await handle.kill9();
  throw new Error(`server not ready after ${timeoutMs} ms:\n${stderr}`);
}
