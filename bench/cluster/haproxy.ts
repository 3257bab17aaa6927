/** HAProxy with the shipped configuration (deploy/haproxy.cfg), in the foreground, for the cluster bench. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../two-processes/infra.ts';

export interface Balancer {
  url: string;
  /** The state HAProxy gives each portal server now (UP, DOWN, MAINT, …), by server name. */
  states(): Promise<Map<string, string>>;
  /** Waits until the server's state is `state` (HAProxy's checks decide). */
  waitFor(server: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Debian's package puts it in /usr/sbin, which a user's PATH may lack. */
const HAPROXY = process.env.HAPROXY ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');

export function haproxyVersion(): string | undefined {
  const result = spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.split('\n')[0] : undefined;
}

export async function startHaproxy(options: {
  port: number;
  statsPort: number;
  servers: [string, string];
  logFile: string;
  /** More of deploy/haproxy.cfg's variables, e.g. PORTAL_TLS_CERT and PORTAL_TLS_BIND. */
  env?: Record<string, string>;
}): Promise<Balancer> {
  const log = createWriteStream(options.logFile);
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', path.join(REPO_ROOT, 'deploy/haproxy.cfg')], {
    env: {
      ...process.env,
      PORTAL_BIND: `127.0.0.1:${options.port}`,
      PORTAL_STATS_BIND: `127.0.0.1:${options.statsPort}`,
      PORTAL_1: options.servers[0],
      PORTAL_2: options.servers[1],
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const statsUrl = `http://127.0.0.1:${options.statsPort}/stats;csv`;

  const states = async () => {
    const csv = await (await fetch(statsUrl, { signal: AbortSignal.timeout(5000) })).text();
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = (header ?? '').split(',');
    const proxy = columns.indexOf('pxname');
    const name = columns.indexOf('svname');
    const status = columns.indexOf('status');
    const result = new Map<string, string>();
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[proxy] === 'portal' && cells[name] !== 'BACKEND')
        result.set(cells[name] ?? '', cells[status] ?? '');
    }
    return result;
  };

  const balancer: Balancer = {
    url: `http://127.0.0.1:${options.port}`,
    states,
    async waitFor(server, state, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`haproxy exited with ${child.exitCode}; see ${options.logFile}`);
        try {
          // "UP 1/2" while rising, "DOWN 1/2" while falling: the first word once settled.
          if ((await states()).get(server) === state) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`haproxy: ${server} not ${state} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      log.end();
    },
  };
  return balancer;
}
