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
import { addCustomers, dealerTokens, deviceCount } from '@portal/server/testkit';
import { type InProcessTarget, inProcessTargets, withSeededPortal } from './support/in-process.ts';
import { loadAverage } from './support/load.ts';
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

const targets = inProcessTargets(engines);

/** Six requests at a time, as the web app's device tab loads its sites (settleEach). */
async function inBatches<T>(items: T[], size: number, task: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(task));
}

async function run(target: InProcessTarget) {
  await withSeededPortal(
    target,
    'small',
    async (database) => {
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
      return { dealer, sites, bigCustomer: bigCustomer! };
    },
    async ({ app, url: base }, database, { dealer, sites, bigCustomer }) => {
      const { company, organization } = await dealerTokens(database.db, app.config, {
        sub: dealer.id,
        companyId: dealer.company_id,
        orgId: bigCustomer,
      });
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
    },
  );
}

console.info(
  `# Scaling from ${sizes.map((s) => s.toLocaleString('en')).join(' → ')} dealer devices, ${seconds} s per call`,
);
for (const target of targets) await run(target);
console.info(`\nafter: ${loadAverage()}`);
