import type { DemoSize } from '../infrastructure/config/demo-size.ts';
import { demoAuditRow, remoteAccessHistory } from './audit-history.ts';
import { generateInventory, LICENSE_CATALOGUE } from './catalogue.ts';
import { generateCustomers } from './customers.ts';
import { type CompanyRow, type DemoDataset, emptyDemoDataset, type UserRow } from './dataset.ts';
import { REGIONS } from './geography.ts';
import { type DemoPerson, demoCompaniesFor } from './hierarchy.ts';
import { DeviceIds, minutesBefore, seededFaker, subSeed } from './random.ts';
import { generateRemoteAccess } from './remote-access.ts';

/** The fixed seed: every run produces the same demo data for the same size and `now`. */
export const DEMO_SEED = 20_250_101;

/**
 * The whole demo data set, in memory. Pure: the same size and `now` give the same rows; `now` anchors
 * every date, so "expiring within 30 days" stays true relative to the seeding day.
 */
export function generateDemoData(size: DemoSize, now: Date): DemoDataset {
  const faker = seededFaker(subSeed(DEMO_SEED, 'people'));
  const data: DemoDataset = {
    ...emptyDemoDataset(),
    regions: REGIONS.map(({ id, name, latitude, longitude }) => ({ id, name, latitude, longitude })),
    licenseCatalogue: LICENSE_CATALOGUE,
  };
  const companyIds = new Map<string, string>();
  const ids = new DeviceIds();

  for (const company of demoCompaniesFor(size)) {
    const companyId = faker.string.uuid();
    companyIds.set(company.key, companyId);
    const people = [company.owner, ...company.members].map((person) => ({
      person,
      userId: faker.string.uuid(),
    }));
    const row: CompanyRow = {
      id: companyId,
      name: company.name,
      phone: company.phone,
      time_zone: company.timeZone,
      city: company.office?.name ?? null,
      latitude: company.office?.latitude ?? null,
      longitude: company.office?.longitude ?? null,
      roles: company.roles,
      region_id: company.regionId,
      parent_company_id: company.parentKey ? companyIds.get(company.parentKey)! : null,
      vendor: company.vendor,
      auto_generate_order_key: company.roles.includes('dealer'),
      owner_user_id: people[0]!.userId,
    };
    data.companies.push(row);
    data.auditLog.push(
      demoAuditRow({
        actor_id: companyId,
        company_id: companyId,
        action: 'company.create',
        target_type: 'company',
        target_id: companyId,
        target_name: company.name,
        details: { name: company.name },
        at: minutesBefore(now, 400 * 1440),
      }),
    );

    for (const [index, { person, userId }] of people.entries()) {
      data.users.push(userRow(person, userId, companyId, index === 0, now));
      data.accounts.push({ ...person, userId, companyId, role: company.roles[0]!, owner: index === 0 });
      if (index > 0) {
        data.auditLog.push(
          demoAuditRow({
            actor_user_id: people[0]!.userId,
            actor_type: 'user',
            actor_id: people[0]!.userId,
            actor_email: people[0]!.person.email,
            actor_name: people[0]!.person.name,
            company_id: companyId,
            action: 'member.create',
            target_type: 'user',
            target_id: userId,
            target_name: person.name,
            after: { email: person.email, name: person.name },
            details: { email: person.email },
            at: minutesBefore(now, (300 - index) * 1440),
          }),
        );
      }
      if (!person.temporary) {
        for (let login = faker.number.int({ min: 2, max: 8 }); login > 0; login--) {
          data.loginRecords.push({
            email: person.email,
            region: company.regionId ?? 'global',
            at: minutesBefore(now, faker.number.int({ min: 10, max: 30 * 1440 })),
          });
        }
      }
    }

    if (company.roles.includes('dealer') || company.roles.includes('disty')) {
      data.licenseInventory.push(...generateInventory(faker, companyId));
    }
    if (company.customers) {
      const customerFaker = seededFaker(subSeed(DEMO_SEED, company.key));
      const customers = generateCustomers(customerFaker, ids, now, { companyId, ...company.customers });
      const requests = generateRemoteAccess(
        customerFaker,
        now,
        customers.organizations,
        customers.services,
        people.map((p) => p.userId),
      );
      data.organizations.push(...customers.organizations);
      data.sites.push(...customers.sites);
      data.devices.push(...customers.devices);
      data.services.push(...customers.services);
      data.licenses.push(...customers.licenses);
      data.incidents.push(...customers.incidents);
      data.remoteAccessRequests.push(...requests);
      const named = people.map(({ person, userId }) => ({ userId, email: person.email, name: person.name }));
      data.auditLog.push(...remoteAccessHistory(companyId, requests, customers.organizations, named));
    }
  }
  return data;
}

function userRow(person: DemoPerson, userId: string, companyId: string, owner: boolean, now: Date): UserRow {
  return {
    id: userId,
    email: person.email,
    name: person.name,
    locale: person.locale ?? 'en',
    company_id: companyId,
    // Owners have watched the welcome video; members still get it at their first sign-in.
    welcome_video_seen_at: owner ? minutesBefore(now, 200 * 1440) : null,
  };
}
