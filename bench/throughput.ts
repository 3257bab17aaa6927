/**
 * API throughput beside a bare Fastify hello-world, in one run:
 * `npx tsx bench/throughput.ts [--seconds 10] [--connections 10] [--engines pglite,postgresql] [--cpu-prof DIR]
 *  [--baseline CHECKOUT]`.
 *
 * Starts the real server (its own process, small demo data, the default log level) and a bare Fastify
 * hello-world (its own process), signs in as the Northwind owner through the identity endpoint, takes a
 * company token from POST /api/reseller/auth/vortextoken, and runs autocannon against
 *   - GET /api/reseller/v1/companies/info (session token: JWT check, revocation check, membership, company);
 *   - GET /api/user-portal/companies/organizations (company token: the 25-customer list with license state
 *     and health);
 *   - GET / of the hello-world, just before them, so the ratio compares the same minute of a shared machine;
 *   - on PostgreSQL, a hand-written peer of companies/info (bench/support/peer-server.ts: Fastify + pg + jose,
 *     the same checks) in three queries and in one; the 3-query peer runs again right after each target, so
 *     "× 3-query peer" compares the same minute too.
 * PGlite always; PostgreSQL with BENCH_DATABASE_URL (its domain tables are emptied first).
 * `--baseline CHECKOUT` also runs the server of another checkout (e.g. `git worktree add /tmp/base main` and
 * `npm ci` there) on the same database, its targets right after this checkout's: before and after in one run.
 */
import { parseArgs } from 'node:util';
import { decodeJwt } from 'jose';
import { benchEngines } from './support/database.ts';
import { type LoadResult, load, loadAverage } from './support/load.ts';
import { type PortalProcess, startHelloWorld, startPeer, startPortal } from './support/portal-process.ts';
import { bearer, companyToken, signInWithPassword } from './support/session.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    engines: { type: 'string' },
    'cpu-prof': { type: 'string' },
    baseline: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const PORTAL_PORT = { PGlite: 8203, PostgreSQL: 8205 } as const;
const BASELINE_PORT = { PGlite: 8209, PostgreSQL: 8206 } as const;
const HELLO_PORT = 8204;
const PEER_PORT = { 3: 8207, 1: 8208 } as const;
const OWNER_EMAIL = 'owner@northwind.example';

const format = (n: number) => Math.round(n).toLocaleString('en');
function row(name: string, result: Measured, bare: Measured, peer?: Measured) {
  const times = (other?: Measured) =>
    other ? (result.requestsPerSecond / other.requestsPerSecond).toFixed(2) : '–';
  return `| ${name} | ${format(result.requestsPerSecond)} | ${result.p50} | ${result.p99} | ${times(bare)} | ${times(peer)} | ${result.cpuMicros.toFixed(0)} | ${result.failed} |`;
}

type Measured = LoadResult & { cpuMicros: number };
interface Target {
  name: string;
  server: PortalProcess;
  url: string;
  headers: Record<string, string>;
}
/** autocannon plus the server process's CPU time per request (less sensitive to a busy machine than requests/s). */
async function measure(
  server: PortalProcess,
  url: string,
  options: { seconds: number; headers?: Record<string, string> },
): Promise<Measured> {
  const cpuBefore = server.cpuSeconds();
  const result = await load(url, { connections, ...options });
  return { ...result, cpuMicros: ((server.cpuSeconds() - cpuBefore) * 1e6) / result.requests };
}

/** The two portal calls measured, with a company token taken from the session token. */
async function portalTargets(server: PortalProcess, label: string, idToken: string): Promise<Target[]> {
  const company = await companyToken(server.url, idToken);
  return [
    {
      name: `${label}GET /api/reseller/v1/companies/info (session token)`,
      server,
      url: `${server.url}/api/reseller/v1/companies/info`,
      headers: bearer(idToken),
    },
    {
      name: `${label}GET /api/user-portal/companies/organizations (company token, 25 customers)`,
      server,
      url: `${server.url}/api/user-portal/companies/organizations`,
      headers: bearer(company.token),
    },
  ];
}

console.info(`# API throughput, ${connections} connections, ${seconds} s per URL`);
console.info(`before: ${loadAverage()}`);
const hello = await startHelloWorld(HELLO_PORT);
try {
  for (const engine of benchEngines('bench-throughput', values.engines?.split(','))) {
    const database = await engine.prepare();
    const portal = await startPortal({
      port: PORTAL_PORT[engine.name],
      database,
      nodeArgs: values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [],
    });
    // The baseline starts on the database the first server seeded (it seeds only an empty one).
    const baseline = values.baseline
      ? await startPortal({ port: BASELINE_PORT[engine.name], database, root: values.baseline })
      : undefined;
    try {
      const session = await signInWithPassword(portal.url, OWNER_EMAIL, portal.demoPassword(OWNER_EMAIL));
      const own = await portalTargets(portal, '', session.idToken);
      const before = baseline
        ? await portalTargets(
            baseline,
            'baseline: ',
            // Each server signs its own tokens (the issuer names its URL).
            (await signInWithPassword(baseline.url, OWNER_EMAIL, portal.demoPassword(OWNER_EMAIL))).idToken,
          )
        : [];
      // This checkout's call, then the baseline's: before and after in the same minute.
      const targets = own.flatMap((target, index) => [target, ...(before[index] ? [before[index]] : [])]);
      // The hand-written peers need a PostgreSQL server (pg); they read the keys and rows the portal made.
      const peers: PortalProcess[] = [];
      if (database.kind === 'postgres') {
        const issuer = String(decodeJwt(session.idToken).iss);
        for (const queries of [3, 1] as const) {
          const peer = await startPeer(PEER_PORT[queries], database.url, issuer, queries);
          peers.push(peer);
          targets.push({
            name: `peer: Fastify + pg + jose, companies/info in ${queries} ${queries === 1 ? 'query' : 'queries'}`,
            server: peer,
            url: `${peer.url}/api/reseller/v1/companies/info`,
            headers: bearer(session.idToken),
          });
        }
      }
      try {
        // Warm-up: JIT, connection pools, signing keys, planner caches.
        await load(`${hello.url}/`, { connections, seconds: 2 });
        for (const target of targets)
          await load(target.url, { connections, seconds: 2, headers: target.headers });

        console.info(`\n## ${engine.name} (${loadAverage()})\n`);
        console.info(
          '| URL | requests/s | p50 ms | p99 ms | × bare | × 3-query peer | server CPU µs/request | failed |\n|---|---:|---:|---:|---:|---:|---:|---:|',
        );
        // Each target right after a bare run, and the peer right after it: same minute of a shared machine.
        const threeQueryPeer = targets.find((target) => target.name.includes('in 3 queries'));
        for (const target of targets) {
          const bare = await measure(hello, `${hello.url}/`, { seconds });
          const result = await measure(target.server, target.url, { seconds, headers: target.headers });
          const peer =
            threeQueryPeer && target !== threeQueryPeer
              ? await measure(threeQueryPeer.server, threeQueryPeer.url, {
                  seconds,
                  headers: threeQueryPeer.headers,
                })
              : undefined;
          console.info(row('bare Fastify hello-world, GET /', bare, bare));
          console.info(row(target.name, result, bare, peer));
        }
      } finally {
        for (const peer of peers) await peer.stop();
      }
    } finally {
      await baseline?.stop();
      await portal.stop();
      database.dispose();
    }
  }
} finally {
  await hello.stop();
}
console.info(`\nafter: ${loadAverage()}`);
