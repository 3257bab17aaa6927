/**
 * How the dashboard and a customer's device list grow with the dealer's size:
 * `npx tsx bench/scaling.ts [--sizes 10000,30000,100000] [--seconds 5] [--engines pglite,postgresql]`.
 *
 * Seeds the small demo data, gives the Northwind dealer one customer with 5,000 devices, then grows the
 * dealer with more generated customers (about 100 devices each, as in the large demo set) to each size in
 * turn, and measures on the real app (in this process, 1 request at a time) after each step:
 *   - the dashboard statistics, GET /api/user-portal/companies/statistics;
 *   - the customer list, GET /api/user-portal/companies/organizations;
 *   - the 5,000-device customer's whole device list as the device tab loads it: every site's
 *     GET /api/user-portal/sites/{site}/devices and GET /api/platform/v1/sites/{site}/devices, six at a time.
 * The device list should not grow at all (one customer's rows); the dashboard is the dealer's aggregate.
 * PGlite (in memory) always; PostgreSQL with BENCH_DATABASE_URL (its domain tables are emptied first).
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app.ts';
import { issueTenantToken, tenantIssuer } from '../server/src/auth/tenant-tokens.ts';
import { emptyDomainTables } from '../server/src/demo/reset.ts';
import { seedDemoIfEmpty, seedingDay } from '../server/src/demo/seed.ts';
import { loadConfig } from '../server/src/infrastructure/config/config.ts';
import { type Database, openDatabase } from '../server/src/infrastructure/db/database.ts';
import { migrateToLatest } from '../server/src/infrastructure/db/migrate.ts';
import { generateAdminKeyEnv } from '../server/src/services/identity/admin-credentials.ts';
import { addCustomers, deviceCount } from './support/demo.ts';
import { loadAverage } from './support/load.ts';
import { recordSignIn } from './support/sign-in-record.ts';
import { getOk, type Timing, timeRuns } from './support/timing.ts';

const BIG_CUSTOMER_DEVICES = 5_000;
const DEVICES_PER_CUSTOMER = 100;
const DEALER_EMAIL = 'owner@northwind.example';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,30000,100000' },
    seconds: { type: 'string', default: '5' },
    engines: { type: 'string', default: 'pglite,postgresql' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const seconds = Number(values.seconds);
const engines = values.engines.split(',').map((name) => (name === 'postgres' ? 'postgresql' : name));

interface Target {
  name: string;
  open(): Promise<Database>;
}
const targets: Target[] = [];
if (engines.includes('pglite'))
  targets.push({ name: 'PGlite', open: () => openDatabase({ kind: 'pglite' }) });
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl && engines.includes('postgresql'))
  targets.push({ name: 'PostgreSQL', open: () => openDatabase({ kind: 'postgres', url: postgresUrl }) });

/** Six requests at a time, as the web app's device tab loads its sites (settleEach). */
async function inBatches<T>(items: T[], size: number, task: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(task));
}

async function run(target: Target) {
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
    await seedDemoIfEmpty(database.db, { size: 'small', now: seedingDay(), settings: config });
    const dealer = await database.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', DEALER_EMAIL)
      .executeTakeFirstOrThrow();
    const [bigCustomer] = await addCustomers(database, dealer.company_id, {
      count: 1,
      devices: BIG_CUSTOMER_DEVICES,
      seed: 5_000,
    });
    const sites = await database.db
      .selectFrom('sites')
      .select('id')
      .where('organization_id', '=', bigCustomer!)
      .execute();

    const app = await buildApp({ config, database, logger: false, webDist: '/nonexistent' });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const issuer = tenantIssuer(app.config.PUBLIC_URL);
      const originJti = await recordSignIn(database.db, dealer.id, app.config.COGNITO_CLIENT_ID);
      const company = (
        await issueTenantToken(database.db, issuer, {
          kind: 'company',
          sub: dealer.id,
          companyId: dealer.company_id,
          originJti,
          role: 'dealer',
        })
      ).token;
      const organization = (
        await issueTenantToken(database.db, issuer, {
          kind: 'organization',
          sub: dealer.id,
          companyId: dealer.company_id,
          originJti,
          orgId: bigCustomer!,
        })
      ).token;
      const calls: [string, () => Promise<void>][] = [
        ['dashboard statistics', () => getOk(`${base}/api/user-portal/companies/statistics`, company)],
        ['customer list', () => getOk(`${base}/api/user-portal/companies/organizations`, company)],
        [
          `device list, ${BIG_CUSTOMER_DEVICES.toLocaleString('en')}-device customer (${sites.length} site${sites.length === 1 ? '' : 's'} × 2 platforms)`,
          () =>
            inBatches(
              sites.flatMap((site) => [
                () => getOk(`${base}/api/user-portal/sites/${site.id}/devices`, company),
                () => getOk(`${base}/api/platform/v1/sites/${site.id}/devices`, organization),
              ]),
              6,
              (call) => call(),
            ),
        ],
      ];

      const results = new Map<string, Map<number, Timing & { customers: number }>>();
      let seed = 10_000;
      console.info(`\n## ${target.name} (${loadAverage()})\n`);
      console.info(
        '| dealer devices | customers | call | p50 ms | p99 ms | runs |\n|---:|---:|---|---:|---:|---:|',
      );
      for (const size of sizes) {
        const missing = size - (await deviceCount(database, dealer.company_id));
        if (missing > 0) {
          await addCustomers(database, dealer.company_id, {
            count: Math.max(1, Math.round(missing / DEVICES_PER_CUSTOMER)),
            devices: missing,
            seed: seed++,
          });
        }
        const devices = await deviceCount(database, dealer.company_id);
        const customers = Number(
          (
            await database.db
              .selectFrom('organizations')
              .select(database.db.fn.countAll<number>().as('n'))
              .where('company_id', '=', dealer.company_id)
              .executeTakeFirstOrThrow()
          ).n,
        );
        for (const [name, call] of calls) {
          await call(); // warm-up
          const timing = await timeRuns(call, { minRuns: 10, seconds });
          if (!results.has(name)) results.set(name, new Map());
          results.get(name)!.set(size, { ...timing, customers });
          console.info(
            `| ${devices.toLocaleString('en')} | ${customers} | ${name} | ${timing.p50.toFixed(1)} | ${timing.p99.toFixed(1)} | ${timing.runs} |`,
          );
        }
      }
      const first = sizes[0]!;
      const last = sizes[sizes.length - 1]!;
      console.info(`\n| call | p50 ${last}/${first} | p99 ${last}/${first} | target |\n|---|---:|---:|---|`);
      for (const [name, bySize] of results) {
        const a = bySize.get(first)!;
        const b = bySize.get(last)!;
        console.info(`| ${name} | ${(b.p50 / a.p50).toFixed(2)}× | ${(b.p99 / a.p99).toFixed(2)}× | < 2× |`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

console.info(
  `# Scaling from ${sizes.map((s) => s.toLocaleString('en')).join(' → ')} dealer devices, ${seconds} s per call`,
);
for (const target of targets) await run(target);
console.info(`\nafter: ${loadAverage()}`);
