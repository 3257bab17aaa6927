import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The PostgreSQL server binaries: PG_BIN, or the newest /usr/lib/postgresql/<version>/bin (Debian). */
export function findPostgresBinaries(): string | undefined {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** A throwaway PostgreSQL cluster the test may stop and start; owned by `nobody` when we are root. */
export interface PostgresCluster {
  url: string;
  /** Asynchronous, so the server under test keeps serving while PostgreSQL starts and stops. */
  start(): Promise<void>;
  /** `fast`: PostgreSQL's normal shutdown (sessions terminated); `immediate`: like a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  destroy(): Promise<void>;
}

export function createPostgresCluster(bin: string, port: number, dir?: string): PostgresCluster {
  const base = dir ?? mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root.
  if (asRoot) chownSync(base, 65534, 65534);
  const shell = (command: string): [string, string[]] =>
    asRoot ? ['su', ['nobody', '-s', '/bin/sh', '-c', command]] : ['sh', ['-c', command]];
  const run = async (command: string) => {
    await promisify(execFile)(...shell(command), { timeout: 60_000 });
  };
  const data = path.join(base, 'db');
  execFileSync(...shell(`${bin}/initdb -D ${data} -U postgres -A trust >/dev/null`), {
    stdio: 'pipe',
    timeout: 60_000,
  });
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      run(
        `${bin}/pg_ctl -D ${data} -o '-p ${port} -k ${base} -c listen_addresses=127.0.0.1' -l ${base}/log -w start >/dev/null`,
      ),
    stop: (mode = 'fast') => run(`${bin}/pg_ctl -D ${data} -m ${mode} -w stop >/dev/null`),
    destroy: async () => {
      await cluster.stop('immediate').catch(() => undefined);
      rmSync(base, { recursive: true, force: true });
    },
  };
  return cluster;
}
