import type { Faker } from '@faker-js/faker';
import {
  type DemoDataset,
  type DeviceRow,
  emptyDemoDataset,
  type OrganizationRow,
  type SiteRow,
} from './dataset.ts';
import { generateSiteDevices } from './devices.ts';
import type { City } from './geography.ts';
import { generateIncidents } from './incidents.ts';
import { generateLicenses, licenseTermsOf } from './licenses.ts';
import { type DeviceIds, dateAfter } from './random.ts';

/** A dealer's customers: the part of the demo dataset that hangs below its organizations. */
export type Customers = Pick<
  DemoDataset,
  'organizations' | 'sites' | 'devices' | 'services' | 'licenses' | 'incidents'
>;

const SITE_KINDS = ['Head Office', 'Warehouse', 'Store', 'Branch', 'Plant', 'Clinic', 'Campus', 'Depot'];

/** Splits `total` into `parts` positive-ish random shares that add up exactly. */
function split(faker: Faker, total: number, parts: number): number[] {
  const weights = Array.from({ length: parts }, () => faker.number.float({ min: 0.2, max: 1.8 }));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((weight) => Math.floor((weight / sum) * total));
  let rest = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % parts, rest--) shares[i]! += 1;
  return shares;
}

/**
 * How long a dealer leaves problems open, in days: some answer within a day or two, others let a few
 * linger for weeks, so the partners' "oldest open incident" differs (issue 23).
 */
const OLDEST_OPEN_DAYS = [1.5, 3, 6, 10, 16, 24] as const;

/** A dealer's customers, each with 1-4 sites in the dealer's cities and exactly `deviceCount` devices in all. */
export function generateCustomers(
  faker: Faker,
  ids: DeviceIds,
  now: Date,
  dealer: { companyId: string; count: number; devices: number; cities: readonly City[] },
): Customers {
  const out: Customers = emptyDemoDataset();
  const oldestDays = faker.helpers.arrayElement(OLDEST_OPEN_DAYS);
  const oldestMinutes = oldestDays * 1440;
  const termsOf = licenseTermsOf(faker, dealer.count, oldestDays);
  const siteCounts = Array.from({ length: dealer.count }, () =>
    faker.helpers.weightedArrayElement([
      { weight: 35, value: 1 },
      { weight: 35, value: 2 },
      { weight: 20, value: 3 },
      { weight: 10, value: 4 },
    ]),
  );
  const deviceShares = split(
    faker,
    dealer.devices,
    siteCounts.reduce((a, b) => a + b, 0),
  );
  let siteIndex = 0;

  for (let n = 1; n <= dealer.count; n++) {
    const name = faker.company.name();
    const home = faker.helpers.arrayElement(dealer.cities);
    const contact = faker.person.fullName();
    const terms = termsOf[n - 1]!;
    const organization: OrganizationRow = {
      id: faker.string.uuid(),
      company_id: dealer.companyId,
      name,
      contact_name: contact,
      reference: `CUST-${String(n).padStart(4, '0')}`,
      address: `${faker.location.streetAddress()}, ${home.name}, ${home.country}`,
      contact_email: faker.internet
        .email({ firstName: contact.split(' ')[0], provider: 'customer.example' })
        .toLowerCase(),
      contact_phone: faker.phone.number({ style: 'international' }),
      // The customer's contract runs with its main license term.
      expiration_date: faker.datatype.boolean(0.9) ? dateAfter(now, terms.termDays) : null,
      remote_access_enabled: faker.datatype.boolean(0.6),
      remote_access_requesting: false,
    };
    out.organizations.push(organization);
    const orgDevices: DeviceRow[] = [];

    for (let s = 0; s < siteCounts[n - 1]!; s++) {
      const city = s === 0 ? home : faker.helpers.arrayElement(dealer.cities);
      const site: SiteRow = {
        id: faker.string.uuid(),
        organization_id: organization.id,
        company_id: dealer.companyId,
        name: `${city.name} ${faker.helpers.arrayElement(SITE_KINDS)}`,
        address: `${faker.location.streetAddress()}, ${city.name}, ${city.country}`,
        latitude: round(city.latitude + faker.number.float({ min: -0.06, max: 0.06 })),
        longitude: round(city.longitude + faker.number.float({ min: -0.06, max: 0.06 })),
      };
      out.sites.push(site);
      const { devices, services } = generateSiteDevices(
        {
          faker,
          ids,
          now,
          companyId: dealer.companyId,
          organizationId: organization.id,
          siteId: site.id,
          oldestMinutes,
        },
        deviceShares[siteIndex++]!,
      );
      orgDevices.push(...devices);
      out.services.push(...services);
    }
    const licenses = generateLicenses(faker, now, organization.id, orgDevices, terms);
    out.devices.push(...orgDevices);
    out.licenses.push(...licenses);
    out.incidents.push(...generateIncidents(faker, now, orgDevices, licenses, oldestMinutes));
  }
  return out;
}

const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
