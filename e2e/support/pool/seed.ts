/**
 * Run by the e2e webServer command before the server starts (PGlite allows one process per DATA_DIR):
 * migrates the database, seeds the demo data as the server would, then the companies of plan.ts, and
 * writes them to DATA_DIR/e2e-companies.json. Does nothing when that file exists.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import {
  type Customers,
  companyIdsByName,
  loadConfig,
  migrateToLatest,
  openDatabase,
  seedDemoIfEmpty,
  seedingDay,
  TEST_REGION,
  TestCompanies,
} from '@portal/server/testkit';
import {
  COMPANY_KINDS,
  type CompanyKind,
  madeDir,
  madeFile,
  PARTNER_DEALERS,
  type PoolCompany,
  poolFile,
} from './plan.ts';

const E2E_SEED = 13_013;
/** The demo companies the seeded ones hang under in the hierarchy (SPEC §1). */
const PARENT_OF: Record<CompanyKind, string | null> = {
  dealer: 'Pinecrest Distribution',
  'small-dealer': 'Pinecrest Distribution',
  disty: 'Lumora North America',
  'partner-disty': 'Lumora North America',
  'kestrel-dealer': 'Formosa Secure Supply',
  'partner-hq': null,
};

/** E2E_POOL_COUNT caps every kind's count (the second brand's server needs only a few companies). */
const countLimit = Number(process.env.E2E_POOL_COUNT ?? Number.POSITIVE_INFINITY);

async function main(): Promise<void> {
  const config = loadConfig();
  const file = poolFile(config.DATA_DIR);
  if (existsSync(file)) return;
  const started = Date.now();
  const database = await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  try {
    const { db } = database;
    await migrateToLatest(db);
    const now = seedingDay();
    await seedDemoIfEmpty(db, { size: config.DEMO_SIZE, now, settings: config });
    const parents = await companyIdsByName(db);
    const made = new TestCompanies(E2E_SEED, now);
    const pool: PoolCompany[] = [];
    const customersOf = new Map<string, Customers>();
    for (const [kind, plan] of Object.entries(COMPANY_KINDS) as [
      CompanyKind,
      (typeof COMPANY_KINDS)[CompanyKind],
    ][]) {
      for (let n = 1; n <= Math.min(plan.count, countLimit); n++) {
        const key = `${kind}-${String(n).padStart(2, '0')}`;
        const name = `E2E ${kind.endsWith('disty') ? 'Distribution' : 'Security'} ${key}`;
        const phone = `+1 206 555 ${String(1000 + n)}`;
        const company = made.addCompany({
          key,
          name,
          phone,
          roles: plan.roles,
          vendor: 'vendor' in plan ? plan.vendor : 'lumora',
          parentCompanyId: parents.get(PARENT_OF[kind] ?? '') ?? null,
          owner: {
            email: `owner@${key}.e2e.example`,
            name: `E2eOwner${kind.endsWith('disty') ? 'Disty' : 'Dealer'}${n}`,
          },
        });
        const entry: PoolCompany = { kind, companyId: company.companyId, name, phone, owner: company.owner };
        pool.push(entry);
        if (kind === 'partner-disty') {
          // Its own dealers, with customers: what /partners lists and the drill-down opens (issue 16).
          entry.dealers = [];
          for (let d = 1; d <= PARTNER_DEALERS.count; d++) {
            const dealerName = `E2E Partner Dealer ${key}-${d}`;
            const dealer = made.addCompany({
              key: `${key}-dealer-${d}`,
              name: dealerName,
              phone: `+1 206 555 ${String(2000 + n * 10 + d)}`,
              roles: ['dealer'],
              parentCompanyId: company.companyId,
              owner: {
                email: `owner@${key}-dealer-${d}.e2e.example`,
                name: `E2eOwnerPartnerDealer${n}${d}`,
                signsIn: false,
              },
              // Each in a city of its own, so the distributor's map shows them apart (issue 23).
              office: TEST_REGION.cities[(n * PARTNER_DEALERS.count + d) % TEST_REGION.cities.length]!,
            });
            entry.dealers.push({ companyId: dealer.companyId, name: dealerName });
            // An open incident for the read-only view to show (without its actions).
            made.addCustomers(dealer, { ...PARTNER_DEALERS.customers, sdCardError: true });
          }
        }
        if (!plan.customers) continue;
        // Every dealer: a disconnected server never opened (remote access) and an SD card error (dashboard).
        const customers = made.addCustomers(company, {
          ...plan.customers,
          remoteAccessBy: [company.owner.userId],
          disconnectedServer: true,
          sdCardError: true,
        });
        customersOf.set(company.companyId, customers);
      }
    }
    await made.insert(db, config);
    // What each company's customers hold, for journeys that check the numbers the pages show (madeData).
    await mkdir(madeDir(config.DATA_DIR), { recursive: true });
    for (const [companyId, customers] of customersOf) {
      await writeFile(madeFile(config.DATA_DIR, companyId), JSON.stringify(customers));
    }
    await writeFile(file, `${JSON.stringify(pool, null, 2)}\n`);
    console.info(`e2e: seeded ${pool.length} companies in ${Date.now() - started} ms`);
  } finally {
    await database.close();
  }
}

await main();
