/**
 * The partner API at scale (issue 27 item 7): `npx tsx bench/partner-api.ts [--seconds 5] [--rounds 3]
 * [--connections 4] [--engine postgresql|pglite]`. On a copy of the large demo data (Atlas: 1,000 customers,
 * 100,000 devices), through HTTP with autocannon:
 *   - p50/p99 of `GET /api/partner/v1/devices?limit=500` (first page, and a page deep into the keyset), 1
 *     connection (target p50 ≤ 20 ms);
 *   - requests/s of the same read with an API key and with a company token: the partner API's
 *     `GET /incidents?limit=50` and the web app's `GET /api/user-portal/companies/incidents?limit=50`, both
 *     `listIncidents` of the same company, alternated for `--rounds` rounds in the same minutes (target
 *     key ≥ 0.9 × token).
 * PostgreSQL needs BENCH_DATABASE_URL (the default engine when it is set); seeded sets are cached between runs.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.ts';
import { listDemoAccounts } from '../server/src/demo/accounts.ts';
import { createApiKey } from '../server/src/domain/api-keys/api-keys.ts';
import { loadConfig } from '../server/src/infrastructure/config/config.ts';
import { generateAdminKeyEnv } from '../server/src/services/identity/admin-credentials.ts';
import { type LoadResult, load, loadAverage } from './support/load.ts';
import { type CopiedDatabase, pgliteCopy, postgresCopy } from './support/seeded-cache.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '4' },
    engine: { type: 'string', default: serverUrl ? 'postgresql' : 'pglite' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const log = (line: string) => console.info(`  ${line}`);
const OWNER = 'owner@atlas-security.example';

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

async function json<T>(url: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const row = (name: string, r: LoadResult) =>
  `| ${name} | ${r.p50} | ${r.p99} | ${r.requestsPerSecond.toFixed(0)} | ${r.requests} | ${r.failed} |`;

const engine = values.engine === 'postgresql' ? 'PostgreSQL' : 'PGlite';
if (engine === 'PostgreSQL' && !serverUrl) throw new Error('--engine postgresql needs BENCH_DATABASE_URL');
const copy: CopiedDatabase =
  engine === 'PGlite'
    ? await pgliteCopy('large', log)
    : await postgresCopy(serverUrl as string, 'large', 'partner_api', log);
const database = await copy.open();
try {
  const accounts = await listDemoAccounts(database.db);
  const owner = accounts.find((a) => a.email === OWNER);
  if (!owner) throw new Error(`${OWNER} missing: not the large data?`);
  const counts = await sql<{ customers: number; devices: number; incidents: number }>`
    select (select count(*) from organizations where company_id = ${owner.companyId})::int as customers,
      (select count(*) from devices where company_id = ${owner.companyId})::int as devices,
      (select count(*) from incidents where company_id = ${owner.companyId} and resolved_at is null)::int
        as incidents`.execute(database.db);
  const { customers, devices, incidents } = counts.rows[0]!;
  const ownerRow = await database.db
    .selectFrom('companies')
    .select('owner_user_id')
    .where('id', '=', owner.companyId)
    .executeTakeFirstOrThrow();
  const { key } = await createApiKey(
    database.db,
    { userId: ownerRow.owner_user_id as string, companyId: owner.companyId },
    { name: 'Bench', scopes: ['read'] },
    { address: '127.0.0.1', userAgent: 'bench' },
  );
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    MODE: 'production',
    PORT: '0',
    JOBS: 'false',
    PARTNER_API_RATE_LIMIT_PER_MINUTE: '100000000',
    ...generateAdminKeyEnv(),
  });
  const app = await buildApp({ config, database, logger: false, webDist: '/nonexistent' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const session = await signIn(address, config.COGNITO_CLIENT_ID, OWNER, owner.password);
    const { token } = await json<{ token: string }>(`${address}/api/reseller/auth/vortextoken`, session, {
      method: 'POST',
      body: JSON.stringify({ companyId: owner.companyId }),
    });
    // A page deep into the keyset: the cursor after 50,000 devices.
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const answer: { next_cursor: string | null } = await json(
        `${address}/api/partner/v1/devices?limit=500${cursor ? `&cursor=${cursor}` : ''}`,
        key,
      );
      cursor = answer.next_cursor;
    }
    console.info(
      `\n## ${engine}, large: Atlas with ${customers} customers, ${devices} devices, ${incidents} open incidents`,
    );
    console.info(`load average before: ${loadAverage()}\n`);
    console.info('| call | p50 ms | p99 ms | req/s | requests | failed |\n|---|---:|---:|---:|---:|---:|');
    const keyHeaders = { authorization: `Bearer ${key}` };
    const tokenHeaders = { authorization: `Bearer ${token}` };
    for (const [name, path] of [
      ['API key: GET /devices?limit=500 (first page)', '/api/partner/v1/devices?limit=500'],
      ['API key: GET /devices?limit=500 (page 101)', `/api/partner/v1/devices?limit=500&cursor=${cursor}`],
    ] as const) {
      await load(`${address}${path}`, { connections: 1, seconds: 1, headers: keyHeaders }); // warm-up
      console.info(
        row(name, await load(`${address}${path}`, { connections: 1, seconds, headers: keyHeaders })),
      );
    }
    const keyUrl = `${address}/api/partner/v1/incidents?limit=50`;
    const tokenUrl = `${address}/api/user-portal/companies/incidents?limit=50`;
    await load(keyUrl, { connections, seconds: 1, headers: keyHeaders });
    await load(tokenUrl, { connections, seconds: 1, headers: tokenHeaders });
    let keyTotal = 0;
    let tokenTotal = 0;
    for (let round = 1; round <= rounds; round++) {
      // Alternating order, so neither side always runs in the other's wake.
      const order = round % 2 === 1 ? (['key', 'token'] as const) : (['token', 'key'] as const);
      for (const side of order) {
        const result =
          side === 'key'
            ? await load(keyUrl, { connections, seconds, headers: keyHeaders })
            : await load(tokenUrl, { connections, seconds, headers: tokenHeaders });
        if (side === 'key') keyTotal += result.requests;
        else tokenTotal += result.requests;
        const label =
          side === 'key'
            ? `API key: GET /api/partner/v1/incidents?limit=50 (round ${round}, ${connections} connections)`
            : `Company token: GET /api/user-portal/companies/incidents?limit=50 (round ${round}, ${connections} connections)`;
        console.info(row(label, result));
      }
    }
    console.info(
      `\nrequests/s with an API key / with a company token, ${rounds} rounds: ` +
        `${(keyTotal / (rounds * seconds)).toFixed(0)} / ${(tokenTotal / (rounds * seconds)).toFixed(0)} = ` +
        `**${(keyTotal / tokenTotal).toFixed(2)}**`,
    );
    console.info(`load average after: ${loadAverage()}`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await copy.dispose();
}
