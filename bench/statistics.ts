/**
 * Statistics and device lists at scale: `npx tsx bench/statistics.ts [--sizes small,large] [--seconds 5]`.
 * Seeds the demo data (server/src/demo) plus one 5,000-device customer, then measures p50/p99 of the
 * dashboard and device-tab calls through HTTP with autocannon, on PGlite and, when BENCH_DATABASE_URL is
 * set, on that PostgreSQL database (its domain tables are emptied first).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../server/src/app.ts';
import { issueTenantToken, tenantIssuer } from '../server/src/auth/tenant-tokens.ts';
import { listDemoAccounts } from '../server/src/demo/accounts.ts';
import { emptyDomainTables } from '../server/src/demo/reset.ts';
import { seedDemoIfEmpty, seedingDay } from '../server/src/demo/seed.ts';
import { loadConfig } from '../server/src/infrastructure/config/config.ts';
import type { DemoSize } from '../server/src/infrastructure/config/demo-size.ts';
import { type Database, openDatabase } from '../server/src/infrastructure/db/database.ts';
import { migrateToLatest } from '../server/src/infrastructure/db/migrate.ts';
import { generateAdminKeyEnv } from '../server/src/services/identity/admin-credentials.ts';
import { addCustomers } from './support/demo.ts';
import { recordSignIn } from './support/sign-in-record.ts';

const BIG_CUSTOMER_DEVICES = 5_000;

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: 'small,large' },
    seconds: { type: 'string', default: '5' },
    /** Only the calls whose name contains this text (e.g. `statistics`). */
    calls: { type: 'string', default: '' },
    /** `postgres` skips PGlite (when BENCH_DATABASE_URL is set). */
    engines: { type: 'string', default: 'pglite,postgres' },
  },
});
const sizes = values.sizes.split(',') as DemoSize[];
const seconds = Number(values.seconds);
const engines = values.engines.split(',');

interface Target {
  name: string;
  open(): Promise<Database>;
}
const targets: Target[] = [];
if (engines.includes('pglite'))
  targets.push({ name: 'PGlite', open: () => openDatabase({ kind: 'pglite' }) });
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl && engines.includes('postgres'))
  targets.push({ name: 'PostgreSQL', open: () => openDatabase({ kind: 'postgres', url: postgresUrl }) });

/** The dealer with the most devices, its owner, and the biggest site of the 5,000-device customer. */
async function pickSubjects(database: Database, bigCustomerId: string) {
  const db = database.db;
  const sites = await db
    .selectFrom('devices')
    .select(['site_id', db.fn.countAll<number>().as('n')])
    .where('organization_id', '=', bigCustomerId)
    .groupBy('site_id')
    .orderBy('n', 'desc')
    .execute();
  return { site: sites[0]!.site_id, sites: sites.length, largestSite: Number(sites[0]!.n) };
}

async function biggestDealer(database: Database) {
  return database.db
    .selectFrom('devices')
    .innerJoin('companies', 'companies.id', 'devices.company_id')
    .select([
      'companies.id',
      'companies.name',
      'companies.owner_user_id',
      database.db.fn.countAll<number>().as('n'),
    ])
    .groupBy(['companies.id', 'companies.name', 'companies.owner_user_id'])
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
}

/** A session token of the dealer's owner (OBM calls take the identity session, not a tenant token). */
async function sessionToken(address: string, database: Database, companyId: string, clientId: string) {
  const owner = (await listDemoAccounts(database.db)).find((a) => a.companyId === companyId && a.owner);
  if (!owner) throw new Error('no demo owner for the dealer');
  const res = await fetch(`${address}/api/identity/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: owner.email, PASSWORD: owner.password },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { AccessToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in failed: ${res.status}`);
  return body.AuthenticationResult.AccessToken;
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function measure(url: string, token: string) {
  const result = await autocannon({
    url,
    connections: 1,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  const failed = result.non2xx + result.errors;
  return { p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, failed };
}

async function run(target: Target, size: DemoSize) {
  const database = await target.open();
  try {
    await migrateToLatest(database.db);
    await emptyDomainTables(database.db);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      MODE: 'production',
      // Production refuses to start without these (issue 26 item 7); this bench sends no mail.
      PUBLIC_URL: 'https://portal.bench.example',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PORT: '0',
      ...generateAdminKeyEnv(),
    });
    const started = Date.now();
    await seedDemoIfEmpty(database.db, { size, now: seedingDay(), settings: config });
    const dealer = await biggestDealer(database);
    // addCustomers ends in the state autovacuum leaves a table in shortly after a bulk load: planner
    // statistics and a visibility map, so the dashboard's covering indexes are read without visiting the heap.
    const bigCustomer = (
      await addCustomers(database, dealer.id, {
        count: 1,
        devices: BIG_CUSTOMER_DEVICES,
        seed: 5_000,
      })
    )[0]!;
    const seedSeconds = (Date.now() - started) / 1000;
    const subjects = await pickSubjects(database, bigCustomer);
    const devices = Number(dealer.n) + BIG_CUSTOMER_DEVICES;

    const app = await buildApp({ config, database, logger: false, webDist: '/nonexistent' });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const issuer = tenantIssuer(app.config.PUBLIC_URL);
      const sub = dealer.owner_user_id;
      const originJti = await recordSignIn(database.db, sub, app.config.COGNITO_CLIENT_ID);
      const company = (
        await issueTenantToken(database.db, issuer, {
          kind: 'company',
          sub,
          companyId: dealer.id,
          originJti,
          role: 'dealer',
        })
      ).token;
      const organization = (
        await issueTenantToken(database.db, issuer, {
          kind: 'organization',
          sub,
          companyId: dealer.id,
          originJti,
          orgId: bigCustomer,
        })
      ).token;
      const session = await sessionToken(address, database, dealer.id, app.config.COGNITO_CLIENT_ID);
      const allCalls: [string, string, string][] = [
        [
          'GET /api/user-portal/companies/statistics',
          `${address}/api/user-portal/companies/statistics`,
          company,
        ],
        ['GET /api/obm/v1/companies/statistics', `${address}/api/obm/v1/companies/statistics`, session],
        [
          'GET /api/user-portal/companies/statistics/customers?platform=first&device=camera&status=offline',
          `${address}/api/user-portal/companies/statistics/customers?platform=first&device=camera&status=offline`,
          company,
        ],
        [
          'GET /api/user-portal/companies/statistics/customers?deviceLicense=expired',
          `${address}/api/user-portal/companies/statistics/customers?deviceLicense=expired`,
          company,
        ],
        [
          'GET /api/platform/v1/organizations/statistics',
          `${address}/api/platform/v1/organizations/statistics`,
          company,
        ],
        [
          'GET /api/user-portal/companies/organizations',
          `${address}/api/user-portal/companies/organizations`,
          company,
        ],
        [
          `GET /api/user-portal/sites/{site}/devices (${subjects.largestSite}-device site)`,
          `${address}/api/user-portal/sites/${subjects.site}/devices`,
          company,
        ],
        [
          `GET /api/platform/v1/sites/{site}/devices (same site)`,
          `${address}/api/platform/v1/sites/${subjects.site}/devices`,
          organization,
        ],
        [
          'GET /api/user-portal/organizations/{org}/statistics (5,000-device customer)',
          `${address}/api/user-portal/organizations/${bigCustomer}/statistics`,
          company,
        ],
      ];
      // The incident list (issue 23): the first page counts the total for the filters; a later page does not.
      const incidents = `${address}/api/user-portal/companies/incidents`;
      const firstPage = (await (
        await fetch(`${incidents}?state=all`, { headers: { authorization: `Bearer ${company}` } })
      ).json()) as { next_cursor: string | null; total: number };
      allCalls.push(
        ['GET /api/user-portal/companies/incidents (open, 50 + total)', incidents, company],
        [
          `GET /api/user-portal/companies/incidents?state=all (50 + total of ${firstPage.total})`,
          `${incidents}?state=all`,
          company,
        ],
        [
          'GET /api/user-portal/companies/incidents?category=CAMERA&type=OFFLINE (50 + total)',
          `${incidents}?category=CAMERA&type=OFFLINE`,
          company,
        ],
        [
          'GET /api/user-portal/companies/incidents?state=all&organizationId={5,000-device customer} (50 + total)',
          `${incidents}?state=all&organizationId=${bigCustomer}`,
          company,
        ],
        [
          'GET /api/user-portal/companies/incidents?state=all&cursor=… (next 50, no total)',
          `${incidents}?state=all&cursor=${firstPage.next_cursor}`,
          company,
        ],
      );
      const calls = allCalls.filter(([name]) => name.includes(values.calls));
      console.info(
        `\n## ${target.name}, ${size} demo data + one ${BIG_CUSTOMER_DEVICES}-device customer (${subjects.sites} sites)` +
          `\ndealer "${dealer.name}": ${devices} devices; seeded in ${seedSeconds.toFixed(1)} s; ${seconds} s per call, 1 connection\n`,
      );
      console.info(`load average before: ${loadAverage()}\n`);
      console.info('| call | p50 ms | p99 ms | requests | failed |\n|---|---:|---:|---:|---:|');
      for (const [name, url, token] of calls) {
        await fetch(url, { headers: { authorization: `Bearer ${token}` } }); // warm-up
        const m = await measure(url, token);
        console.info(`| ${name} | ${m.p50} | ${m.p99} | ${m.requests} | ${m.failed} |`);
      }
      console.info(`\nload average after: ${loadAverage()}`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

for (const target of targets) for (const size of sizes) await run(target, size);
