/**
 * Companies of a test's own, with their owners and customers, made with the demo generator's own factories
 * (no HTTP route creates a company: SPEC §7 has none). Collect them in a `TestCompanies`, then `insert` them
 * in one transaction, before the server opens the database (PGlite is one process's).
 */
import { randomUUID } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import { generateInventory } from '../src/demo/catalogue.ts';
import { type Customers, generateCustomers } from '../src/demo/customers.ts';
import { type CompanyRow, type DemoDataset, emptyDemoDataset } from '../src/demo/dataset.ts';
import { type City, type DemoRegion, REGIONS } from '../src/demo/geography.ts';
import { insertDemoData } from '../src/demo/insert.ts';
import { generateDemoPassword } from '../src/demo/passwords.ts';
import { DeviceIds, minutesBefore, seededFaker, subSeed } from '../src/demo/random.ts';
import { generateRemoteAccess } from '../src/demo/remote-access.ts';
import { allowAuditRemoval } from '../src/domain/audit/retention.ts';
import type { DB } from '../src/infrastructure/db/types.ts';
import { createPoolUser, type PoolSettings } from '../src/services/identity/users.ts';

export type { Customers } from '../src/demo/customers.ts';

/** The region test companies live in unless told otherwise. */
export const TEST_REGION: DemoRegion = REGIONS.find((region) => region.id === 'north-america')!;

export interface TestAccount {
  userId: string;
  email: string;
  name: string;
  /** A generated password (permanent); absent for owners who never sign in. */
  password: string;
}

export type CompanyRole = NonNullable<CompanyRow['roles']>[number];

export interface NewTestCompany {
  /** Unique within the run: seeds the company's random data. */
  key: string;
  name: string;
  phone: string;
  roles: readonly CompanyRole[];
  vendor?: 'lumora' | 'kestrel';
  parentCompanyId: string | null;
  /** Without `signsIn: false`, the owner gets an identity pool user with a generated password. */
  owner: { email: string; name: string; signsIn?: boolean };
  /** Where its office is (a partner's map shows it); none by default. */
  office?: City;
}

export interface MadeCompany {
  companyId: string;
  owner: TestAccount;
  /** The company's own random source (its customers are drawn from it, in order). */
  faker: Faker;
}

export interface CustomerOptions {
  count: number;
  devices: number;
  /** Remote-access requests of these users on the customers' servers. */
  remoteAccessBy?: string[];
  /** A disconnected server never opened remotely (the demo makes one only by chance). */
  disconnectedServer?: boolean;
  /** A camera with an SD card error and its open incident (the demo makes them rare). */
  sdCardError?: boolean;
  /**
   * A first-platform camera (category CAMERA) online without a problem, for the journeys that break one through
   * ingest: a small dealer's random devices lack one about once in 70.
   */
  healthyCamera?: boolean;
}

/** The ids of the companies already in the database, by name (the demo companies tests hang theirs under). */
export async function companyIdsByName(db: Kysely<DB>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('companies').select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

export class TestCompanies {
  private readonly data: DemoDataset = emptyDemoDataset();
  private readonly ids = new DeviceIds();
  private readonly owners: TestAccount[] = [];

  /** `seed` and a company's key decide its random data; `now` is the seeding day. */
  constructor(
    private readonly seed: number,
    private readonly now: Date,
  ) {}

  addCompany(plan: NewTestCompany): MadeCompany {
    const companyId = randomUUID();
    const { signsIn = true, ...person } = plan.owner;
    const owner: TestAccount = { userId: randomUUID(), ...person, password: generateDemoPassword() };
    const faker = seededFaker(subSeed(this.seed, plan.key));
    const office: Partial<CompanyRow> = plan.office
      ? { city: plan.office.name, latitude: plan.office.latitude, longitude: plan.office.longitude }
      : {};
    this.data.companies.push({
      id: companyId,
      name: plan.name,
      phone: plan.phone,
      ...office,
      roles: [...plan.roles],
      region_id: TEST_REGION.id,
      parent_company_id: plan.parentCompanyId,
      vendor: plan.vendor ?? 'lumora',
      auto_generate_order_key: plan.roles.includes('dealer'),
      owner_user_id: owner.userId,
    });
    this.data.users.push({
      id: owner.userId,
      email: owner.email,
      name: owner.name,
      locale: 'en',
      company_id: companyId,
      welcome_video_seen_at: this.now,
    });
    this.data.licenseInventory.push(...generateInventory(faker, companyId));
    if (signsIn) this.owners.push(owner);
    return { companyId, owner, faker };
  }

  /** Customers of a company made here, with sites, devices, services, licenses and incidents. */
  addCustomers(company: MadeCompany, options: CustomerOptions): Customers {
    const customers = generateCustomers(company.faker, this.ids, this.now, {
      companyId: company.companyId,
      count: options.count,
      devices: options.devices,
      cities: TEST_REGION.cities,
    });
    if (options.remoteAccessBy) {
      this.data.remoteAccessRequests.push(
        ...generateRemoteAccess(
          company.faker,
          this.now,
          customers.organizations,
          customers.services,
          options.remoteAccessBy,
        ),
      );
    }
    if (options.disconnectedServer) ensureDisconnectedServer(customers, this.now);
    if (options.sdCardError) ensureSdCardError(customers, this.now);
    // After the SD card error, which may have taken the only healthy camera.
    if (options.healthyCamera) ensureHealthyCamera(customers, this.now);
    this.data.organizations.push(...customers.organizations);
    this.data.sites.push(...customers.sites);
    this.data.devices.push(...customers.devices);
    this.data.services.push(...customers.services);
    this.data.licenses.push(...customers.licenses);
    this.data.incidents.push(...customers.incidents);
    return customers;
  }

  /** Writes every company made here, and its owner's identity pool user, in one transaction. */
  async insert(db: Kysely<DB>, settings: PoolSettings): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await insertDemoData(trx, this.data);
      for (const owner of this.owners) {
        await createPoolUser(
          trx,
          {
            sub: owner.userId,
            email: owner.email,
            name: owner.name,
            password: owner.password,
            temporary: false,
          },
          settings,
        );
      }
    });
  }
}

/**
 * Deletes a company and everything of it: its dealers (and theirs), customers, members, audit entries and the
 * identity pool users of its people (the other rows cascade from `companies` and `identity_users`).
 */
export async function deleteTestCompany(db: Kysely<DB>, companyId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Children first: `parent_company_id` does not cascade (a real company is never deleted with its partners).
    const companies = [companyId];
    for (let level = [companyId]; level.length > 0; ) {
      const rows = await trx
        .selectFrom('companies')
        .select('id')
        .where('parent_company_id', 'in', level)
        .execute();
      level = rows.map((row) => row.id);
      companies.unshift(...level);
    }
    const people = await trx.selectFrom('users').select('id').where('company_id', 'in', companies).execute();
    // The audit log is append-only and outlives what it names (migration 0017: no foreign keys), so its
    // entries about these companies are deleted by name, with the removal allowed.
    await allowAuditRemoval(trx);
    await trx.deleteFrom('audit_log').where('company_id', 'in', companies).execute();
    for (const id of companies) await trx.deleteFrom('companies').where('id', '=', id).execute();
    if (people.length > 0)
      await trx
        .deleteFrom('identity_users')
        .where(
          'sub',
          'in',
          people.map((person) => person.id),
        )
        .execute();
  });
}

/**
 * The remote-access journeys need a server that is disconnected and was never opened remotely (the picker
 * shows it and refuses it). The generator makes one only by chance.
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
 * The demo makes SD card errors rare (a few per thousand cameras, issue 23): one camera gets one for sure, with
 * its open incident as the engine would have it.
 */
function ensureSdCardError(customers: Customers, now: Date): void {
  const open = customers.incidents.some((i) => i.alert_type === 'RECORDING_FAILED' && !i.resolved_at);
  // Prefer an online camera; a small dealer may have none online (its SD card error then sits on an offline one).
  // Plain cameras first, then fisheye, PTZ and NVR channels (a small dealer may have no plain camera).
  const cameras = ['CAMERA', 'FISH_EYE', 'PTZ', 'NVR_CHANNEL'].flatMap((type) =>
    customers.devices.filter((device) => device.device_type === type),
  );
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
    affected_devices: 0,
  });
}

/** First-platform devices that can be made a camera, in the order one is. */
const CAMERA_LIKE: readonly string[] = ['CAMERA', 'NVR_CHANNEL', 'FISH_EYE', 'PTZ', 'IP_SPEAKER'];

/**
 * Makes sure one first-platform camera (category CAMERA) is online with no problem and no open incident. When
 * none is, another first-platform camera (else an IP speaker) becomes one: a plain camera, online and healthy,
 * its open incidents resolved. The camera with the SD card error stays as it is.
 */
function ensureHealthyCamera(customers: Customers, now: Date): void {
  const open = new Set(customers.incidents.filter((i) => !i.resolved_at).map((i) => i.device_id));
  const healthy = customers.devices.some(
    (device) =>
      device.platform === 'first' &&
      device.device_category === 'CAMERA' &&
      device.online &&
      !device.record_failed &&
      !device.firmware_updated_failed &&
      !open.has(device.id ?? ''),
  );
  if (healthy) return;
  const candidates = customers.devices
    .filter(
      (device) =>
        device.platform === 'first' && CAMERA_LIKE.includes(device.device_type) && !device.record_failed,
    )
    .sort((a, b) => CAMERA_LIKE.indexOf(a.device_type) - CAMERA_LIKE.indexOf(b.device_type));
  const camera = candidates.find((device) => !open.has(device.id ?? '')) ?? candidates[0];
  if (!camera) return;
  Object.assign(camera, {
    device_type: camera.device_type === 'NVR_CHANNEL' ? 'NVR_CHANNEL' : 'CAMERA',
    device_category: 'CAMERA',
    online: true,
    recording: true,
    last_online_at: minutesBefore(now, 1),
    firmware_upgrade_state: null,
    record_failed: false,
    firmware_updated_failed: false,
  });
  for (const incident of customers.incidents) {
    if (incident.device_id === camera.id && !incident.resolved_at) incident.resolved_at = now;
  }
}
