/**
 * The partner hierarchy at scale (issue 16): `npx tsx bench/partners.ts [--seconds 5] [--engines pglite,postgresql]`.
 * HQ's partner list (every company), one distributor's, and HQ's scorecard of a distributor, through HTTP
 * with autocannon (1 connection): p50/p99 on the large set (PGlite and PostgreSQL) and the xlarge set
 * (PostgreSQL only: 200 dealers, ~5,000 customers, ~500,000 devices), and t(xlarge)/t(large).
 * PostgreSQL needs BENCH_DATABASE_URL; seeded sets are cached between runs (support/seeded-cache.ts).
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.ts';
import { listDemoAccounts } from '../server/src/demo/accounts.ts';
import { loadConfig } from '../server/src/infrastructure/config/config.ts';
import type { DemoSize } from '../server/src/infrastructure/config/demo-size.ts';
import { generateAdminKeyEnv } from '../server/src/services/identity/admin-credentials.ts';
import { loadAverage } from './support/load.ts';
import { type CopiedDatabase, pgliteCopy, postgresCopy } from './support/seeded-cache.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    engines: { type: 'string', default: 'pglite,postgresql' },
  },
});
const seconds = Number(values.seconds);
const engines = values.engines.split(',');
const serverUrl = process.env.BENCH_DATABASE_URL;
const log = (line: string) => console.info(`  ${line}`);

const HQ = 'hq@lumora.example';
const DISTRIBUTOR = 'disty@pinecrest.example';

interface Figures {
  p50: number;
  p99: number;
  requests: number;
  failed: number;
}

async function measure(url: string, token: string): Promise<Figures> {
  await fetch(url, { headers: { authorization: `Bearer ${token}` } }); // warm-up
  const result = await autocannon({
    url,
    connections: 1,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors,
  };
}

async function signIn(address: string, clientId: string, email: string, password: string) {
  const res = await fetch(`${address}/api/identity/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return body.AuthenticationResult.IdToken;
}

async function run(engine: 'PGlite' | 'PostgreSQL', size: DemoSize): Promise<Map<string, Figures>> {
  const started = Date.now();
  const copy: CopiedDatabase =
    engine === 'PGlite'
      ? await pgliteCopy(size, log)
      : await postgresCopy(serverUrl as string, size, `partners_${size}`, log);
  const database = await copy.open();
  const results = new Map<string, Figures>();
  try {
    const counts = await sql<{ dealers: number; customers: number; devices: number }>`
      select (select count(*) from companies where roles[1] = 'dealer')::int as dealers,
        (select count(*) from organizations)::int as customers,
        (select count(*) from devices)::int as devices`.execute(database.db);
    const { dealers, customers, devices } = counts.rows[0]!;
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      MODE: 'production',
      // Production refuses to start without these (issue 26 item 7); this bench sends no mail.
      PUBLIC_URL: 'https://portal.bench.example',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PORT: '0',
      JOBS: 'false',
      ...generateAdminKeyEnv(),
    });
    const app = await buildApp({ config, database, logger: false, webDist: '/nonexistent' });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const accounts = await listDemoAccounts(database.db);
      const password = (email: string) => accounts.find((a) => a.email === email)!.password;
      const hq = await signIn(address, config.COGNITO_CLIENT_ID, HQ, password(HQ));
      const disty = await signIn(address, config.COGNITO_CLIENT_ID, DISTRIBUTOR, password(DISTRIBUTOR));
      const distyId = accounts.find((a) => a.email === DISTRIBUTOR)!.companyId;
      console.info(
        `\n## ${engine}, ${size}: ${dealers} dealers, ${customers} customers, ${devices} devices ` +
          `(ready in ${((Date.now() - started) / 1000).toFixed(1)} s); ${seconds} s per call, 1 connection`,
      );
      console.info(`load average before: ${loadAverage()}\n`);
      console.info('| call | p50 ms | p99 ms | requests | failed |\n|---|---:|---:|---:|---:|');
      const calls: [string, string, string][] = [
        ['HQ: GET /api/reseller/v1/partners?limit=500', '/api/reseller/v1/partners?limit=500', hq],
        [
          'HQ: GET …/partners?sort=openIncidents&order=desc&limit=50',
          '/api/reseller/v1/partners?sort=openIncidents&order=desc&limit=50',
          hq,
        ],
        ['Distributor: GET /api/reseller/v1/partners', '/api/reseller/v1/partners', disty],
        ['HQ: GET /api/reseller/v1/partners/{distributor}', `/api/reseller/v1/partners/${distyId}`, hq],
      ];
      for (const [name, path, token] of calls) {
        const figures = await measure(`${address}${path}`, token);
        results.set(name, figures);
        console.info(
          `| ${name} | ${figures.p50} | ${figures.p99} | ${figures.requests} | ${figures.failed} |`,
        );
      }
      console.info(`\nload average after: ${loadAverage()}`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await copy.dispose();
  }
  return results;
}

if (engines.includes('pglite')) await run('PGlite', 'large');
if (engines.includes('postgresql')) {
  if (!serverUrl) {
    console.info('\nPostgreSQL skipped: set BENCH_DATABASE_URL');
  } else {
    const large = await run('PostgreSQL', 'large');
    const xlarge = await run('PostgreSQL', 'xlarge');
    console.info(
      '\n## PostgreSQL: t(xlarge) / t(large), p50\n\n| call | large | xlarge | ratio |\n|---|---:|---:|---:|',
    );
    for (const [name, figures] of xlarge) {
      const base = large.get(name)!;
      console.info(
        `| ${name} | ${base.p50} | ${figures.p50} | ${(figures.p50 / Math.max(base.p50, 0.01)).toFixed(2)} |`,
      );
    }
  }
}
