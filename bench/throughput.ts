/**
 * API throughput beside a bare Fastify hello-world, in one run:
 * `npx tsx bench/throughput.ts [--seconds 10] [--connections 10] [--engines pglite,postgresql] [--cpu-prof DIR]`.
 *
 * Starts the real server (its own process, small demo data, the default log level) and a bare Fastify
 * hello-world (its own process), signs in as the Northwind owner through the identity endpoint, takes a
 * company token from POST /api/reseller/auth/vortextoken, and runs autocannon against
 *   - GET /api/reseller/v1/companies/info (session token: JWT check, revocation check, membership, company);
 *   - GET /api/user-portal/companies/organizations (company token: the 25-customer list with license state
 *     and health);
 *   - GET / of the hello-world, just before them, so the ratio compares the same minute of a shared machine.
 * PGlite always; PostgreSQL with BENCH_DATABASE_URL (its domain tables are emptied first).
 */
import { parseArgs } from 'node:util';
import { benchEngines } from './support/database.ts';
import { type LoadResult, load, loadAverage } from './support/load.ts';
import { type PortalProcess, startHelloWorld, startPortal } from './support/portal-process.ts';
import { bearer, companyToken, signInWithPassword } from './support/session.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    engines: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const PORTAL_PORT = { PGlite: 8203, PostgreSQL: 8205 } as const;
const HELLO_PORT = 8204;
const OWNER_EMAIL = 'owner@northwind.example';

const format = (n: number) => Math.round(n).toLocaleString('en');
function row(name: string, result: Measured, bare: Measured) {
  const ratio = result.requestsPerSecond / bare.requestsPerSecond;
  return `| ${name} | ${format(result.requestsPerSecond)} | ${result.p50} | ${result.p99} | ${ratio.toFixed(2)} | ${result.cpuMicros.toFixed(0)} | ${result.failed} |`;
}

type Measured = LoadResult & { cpuMicros: number };
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
    try {
      const session = await signInWithPassword(portal.url, OWNER_EMAIL, portal.demoPassword(OWNER_EMAIL));
      const company = await companyToken(portal.url, session.idToken);
      const targets = [
        {
          name: 'GET /api/reseller/v1/companies/info (session token)',
          url: `${portal.url}/api/reseller/v1/companies/info`,
          headers: bearer(session.idToken),
        },
        {
          name: 'GET /api/user-portal/companies/organizations (company token, 25 customers)',
          url: `${portal.url}/api/user-portal/companies/organizations`,
          headers: bearer(company.token),
        },
      ];
      // Warm-up: JIT, connection pool, signing keys, planner caches.
      await load(`${hello.url}/`, { connections, seconds: 2 });
      for (const target of targets)
        await load(target.url, { connections, seconds: 2, headers: target.headers });

      console.info(`\n## ${engine.name} (${loadAverage()})\n`);
      console.info(
        '| URL | requests/s | p50 ms | p99 ms | ratio to bare | server CPU µs/request | failed |\n|---|---:|---:|---:|---:|---:|---:|',
      );
      for (const target of targets) {
        const bare = await measure(hello, `${hello.url}/`, { seconds });
        const result = await measure(portal, target.url, { seconds, headers: target.headers });
        console.info(row('bare Fastify hello-world, GET /', bare, bare));
        console.info(row(target.name, result, bare));
      }
    } finally {
      await portal.stop();
      database.dispose();
    }
  }
} finally {
  await hello.stop();
}
console.info(`\nafter: ${loadAverage()}`);
