/**
 * Run by the e2e webServer command before the server starts (PGlite allows one process per DATA_DIR):
 * migrates the database, seeds the demo data as the server would, then the companies of plan.ts, and
 * writes them to DATA_DIR/e2e-companies.json. Does nothing when that file exists.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { generateInventory } from '../../../server/src/demo/catalogue.ts';
import { type Customers, generateCustomers } from '../../../server/src/demo/customers.ts';
import { emptyDemoDataset } from '../../../server/src/demo/dataset.ts';
import { REGIONS } from '../../../server/src/demo/geography.ts';
import { insertDemoData } from '../../../server/src/demo/insert.ts';
import { generateDemoPassword } from '../../../server/src/demo/passwords.ts';
import { DeviceIds, minutesBefore, seededFaker, subSeed } from '../../../server/src/demo/random.ts';
import { generateRemoteAccess } from '../../../server/src/demo/remote-access.ts';
import { seedDemoIfEmpty, seedingDay } from '../../../server/src/demo/seed.ts';
import { loadConfig } from '../../../server/src/infrastructure/config/config.ts';
import { openDatabase } from '../../../server/src/infrastructure/db/database.ts';
import { migrateToLatest } from '../../../server/src/infrastructure/db/migrate.ts';
import { createPoolUser } from '../../../server/src/services/identity/users.ts';
import { COMPANY_KINDS, type CompanyKind, PARTNER_DEALERS, type PoolCompany, poolFile } from './plan.ts';

const E2E_SEED = 13_013;
const REGION = REGIONS.find((region) => region.id === 'north-america')!;
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

/**
 * The remote-access journeys need a server that is disconnected and was never opened remotely (the picker
 * shows it and refuses it). The generator makes one only by chance, so every dealer gets one for sure.
 */
function ensureDisconnectedServer(customers: Customers, now: Date): void {
  const devices = new Map(customers.devices.map((device) => [device.id, device]));
  const closed = customers.services.filter(
    (service) => !service.remote_access_enabled && !service.remote_access_requesting,
  );
  if (closed.some((service) => devices.get(service.device_id)?.connected === false)) return;
  const server = closed[0] && devices.get(closed[0].device_id);
  if (!server) return;
  server.connected = false;
  server.is_recording = false;
  server.last_online_at = minutesBefore(now, 120);
}

/**
 * The dashboard journeys open the customers behind the 'SD card error' count, and the read-only partner view
 * shows a dealer's incidents. The demo makes SD card errors rare (a few per thousand cameras, issue 23), so a
 * small dealer may have none: one camera of every dealer gets one for sure, with its open incident as the
 * engine would have it.
 */
function ensureSdCardError(customers: Customers, now: Date): void {
  const open = customers.incidents.some((i) => i.alert_type === 'RECORDING_FAILED' && !i.resolved_at);
  // Prefer an online camera; a small dealer may have none online (its SD card error then sits on an offline one).
  const cameras = customers.devices.filter((device) => device.device_type === 'CAMERA');
  const camera =
    cameras.find((device) => device.platform === 'first' && device.online) ??
    cameras.find((device) => device.platform === 'first') ??
    cameras[0];
  if (open || !camera) return;
  camera.record_failed = true;
  customers.incidents.push({
    company_id: camera.company_id,
    organization_id: camera.organization_id,
    site_id: camera.site_id,
    device_id: camera.id,
    category: 'CAMERA',
    alert_type: 'RECORDING_FAILED',
    started_at: minutesBefore(now, 180),
    resolved_at: null,
  });
}

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
    const parents = new Map(
      (await db.selectFrom('companies').select(['id', 'name']).execute()).map((row) => [row.name, row.id]),
    );

    const data = emptyDemoDataset();
    const pool: PoolCompany[] = [];
    const ids = new DeviceIds();
    for (const [kind, plan] of Object.entries(COMPANY_KINDS) as [
      CompanyKind,
      (typeof COMPANY_KINDS)[CompanyKind],
    ][]) {
      for (let n = 1; n <= Math.min(plan.count, countLimit); n++) {
        const key = `${kind}-${String(n).padStart(2, '0')}`;
        const faker = seededFaker(subSeed(E2E_SEED, key));
        const companyId = randomUUID();
        const owner = {
          userId: randomUUID(),
          email: `owner@${key}.e2e.example`,
          name: `E2eOwner${kind.endsWith('disty') ? 'Disty' : 'Dealer'}${n}`,
          password: generateDemoPassword(),
        };
        const company: PoolCompany = {
          kind,
          companyId,
          name: `E2E ${kind.endsWith('disty') ? 'Distribution' : 'Security'} ${key}`,
          phone: `+1 206 555 ${String(1000 + n)}`,
          owner,
        };
        pool.push(company);
        data.companies.push({
          id: companyId,
          name: company.name,
          phone: company.phone,
          roles: [...plan.roles],
          region_id: REGION.id,
          parent_company_id: parents.get(PARENT_OF[kind] ?? '') ?? null,
          vendor: 'vendor' in plan ? plan.vendor : 'lumora',
          auto_generate_order_key: (plan.roles as readonly string[]).includes('dealer'),
          owner_user_id: owner.userId,
        });
        data.users.push({
          id: owner.userId,
          email: owner.email,
          name: owner.name,
          locale: 'en',
          company_id: companyId,
          welcome_video_seen_at: now,
        });
        data.licenseInventory.push(...generateInventory(faker, companyId));
        if (kind === 'partner-disty') {
          // Its own dealers, with customers: what /partners lists and the drill-down opens (issue 16).
          company.dealers = [];
          for (let d = 1; d <= PARTNER_DEALERS.count; d++) {
            const dealerId = randomUUID();
            const dealerOwner = randomUUID();
            const name = `E2E Partner Dealer ${key}-${d}`;
            company.dealers.push({ companyId: dealerId, name });
            // Each in a city of its own, so the distributor's map shows them apart (issue 23).
            const office = REGION.cities[(n * PARTNER_DEALERS.count + d) % REGION.cities.length]!;
            data.companies.push({
              id: dealerId,
              name,
              city: office.name,
              latitude: office.latitude,
              longitude: office.longitude,
              phone: `+1 206 555 ${String(2000 + n * 10 + d)}`,
              roles: ['dealer'],
              region_id: REGION.id,
              parent_company_id: companyId,
              vendor: 'lumora',
              auto_generate_order_key: true,
              owner_user_id: dealerOwner,
            });
            data.users.push({
              id: dealerOwner,
              email: `owner@${key}-dealer-${d}.e2e.example`,
              name: `E2eOwnerPartnerDealer${n}${d}`,
              locale: 'en',
              company_id: dealerId,
              welcome_video_seen_at: now,
            });
            data.licenseInventory.push(...generateInventory(faker, dealerId));
            const customers = generateCustomers(faker, ids, now, {
              companyId: dealerId,
              ...PARTNER_DEALERS.customers,
              cities: REGION.cities,
            });
            // An open incident for the read-only view to show (without its actions).
            ensureSdCardError(customers, now);
            data.organizations.push(...customers.organizations);
            data.sites.push(...customers.sites);
            data.devices.push(...customers.devices);
            data.services.push(...customers.services);
            data.licenses.push(...customers.licenses);
            data.incidents.push(...customers.incidents);
          }
        }
        if (!plan.customers) continue;
        const customers = generateCustomers(faker, ids, now, {
          companyId,
          ...plan.customers,
          cities: REGION.cities,
        });
        data.remoteAccessRequests.push(
          ...generateRemoteAccess(faker, now, customers.organizations, customers.services, [owner.userId]),
        );
        ensureDisconnectedServer(customers, now);
        ensureSdCardError(customers, now);
        data.organizations.push(...customers.organizations);
        data.sites.push(...customers.sites);
        data.devices.push(...customers.devices);
        data.services.push(...customers.services);
        data.licenses.push(...customers.licenses);
        data.incidents.push(...customers.incidents);
      }
    }
    await db.transaction().execute(async (trx) => {
      await insertDemoData(trx, data);
      for (const company of pool) {
        const { owner } = company;
        await createPoolUser(
          trx,
          {
            sub: owner.userId,
            email: owner.email,
            name: owner.name,
            password: owner.password,
            temporary: false,
          },
          config,
        );
      }
    });
    await writeFile(file, `${JSON.stringify(pool, null, 2)}\n`);
    console.info(`e2e: seeded ${pool.length} companies in ${Date.now() - started} ms`);
  } finally {
    await database.close();
  }
}

await main();
