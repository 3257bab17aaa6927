import type { BrandId } from '@portal/contracts/brands';
import type { Role } from '@portal/contracts/roles';
import { type City, REGIONS, TAIWAN_CITIES } from './geography.ts';

/** Demo data sizes (config DEMO_SIZE, `npm run seed -- --size`). */
export const DEMO_SIZES = ['small', 'large'] as const;
export type DemoSize = (typeof DEMO_SIZES)[number];

export interface DemoPerson {
  name: string;
  email: string;
  /** Satisfies the password policy (SPEC §5). */
  password: string;
  /** Signs in with a temporary password and must set a new one. */
  temporary?: boolean;
  locale?: 'en' | 'zh-TW';
}

export interface DemoCompany {
  key: string;
  name: string;
  phone: string;
  roles: Role[];
  regionId: string | null;
  parentKey: string | null;
  vendor: BrandId;
  owner: DemoPerson;
  members: DemoPerson[];
  /** Dealers: how many customers and devices to generate, and where their sites are. */
  customers?: { count: number; devices: number; cities: readonly City[] };
  /** Only part of the large data set. */
  largeOnly?: boolean;
}

const cities = (regionId: string) => REGIONS.find((region) => region.id === regionId)!.cities;

const person = (name: string, email: string, password: string, extra: Partial<DemoPerson> = {}) => ({
  name,
  email,
  password,
  ...extra,
});

/** HQ → region → distributor → dealer, with every demo account. Passwords are public demo passwords. */
export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    key: 'hq',
    name: 'Lumora Systems HQ',
    phone: '+1 408 555 0100',
    roles: ['hq-pm', 'hq-sales'],
    regionId: null,
    parentKey: null,
    vendor: 'lumora',
    owner: person('Helen Park', 'hq@lumora.example', 'Hq-Demo-2025'),
    members: [person('Samuel Ortiz', 'hq.sales@lumora.example', 'Hq-Demo-2025')],
  },
  ...REGIONS.map(
    (region): DemoCompany => ({
      key: `region-${region.id}`,
      name: `Lumora ${region.name}`,
      phone: '+1 408 555 0110',
      roles: ['region'],
      regionId: region.id,
      parentKey: 'hq',
      vendor: 'lumora',
      owner: person(`${region.name} Manager`, `region.${region.id}@lumora.example`, 'Region-Demo-2025'),
      members: [],
    }),
  ),
  {
    key: 'disty-na',
    name: 'Pinecrest Distribution',
    phone: '+1 312 555 0140',
    roles: ['disty'],
    regionId: 'north-america',
    parentKey: 'region-north-america',
    vendor: 'lumora',
    owner: person('Grace Whitfield', 'disty@pinecrest.example', 'Disty-Demo-2025'),
    members: [person('Tom Becker', 'sales@pinecrest.example', 'Disty-Demo-2025')],
  },
  {
    key: 'disty-eu',
    name: 'Rhein Vision Distribution',
    phone: '+49 69 5550 1400',
    roles: ['disty'],
    regionId: 'europe',
    parentKey: 'region-europe',
    vendor: 'lumora',
    owner: person('Katrin Vogel', 'disty@rheinvision.example', 'Disty-Demo-2025'),
    members: [],
  },
  {
    key: 'disty-apac',
    name: 'Formosa Secure Supply',
    phone: '+886 2 5550 1400',
    roles: ['disty'],
    regionId: 'asia-pacific',
    parentKey: 'region-asia-pacific',
    vendor: 'kestrel',
    owner: person('Chen Mei-Ling', 'disty@formosasecure.example', 'Disty-Demo-2025', { locale: 'zh-TW' }),
    members: [],
  },
  {
    key: 'dealer-northwind',
    name: 'Northwind Security',
    phone: '+1 206 555 0170',
    roles: ['dealer'],
    regionId: 'north-america',
    parentKey: 'disty-na',
    vendor: 'lumora',
    owner: person('Olivia Bennett', 'owner@northwind.example', 'Owner-Demo-2025'),
    members: [
      person('Marcus Lee', 'member@northwind.example', 'Member-Demo-2025'),
      person('Priya Raman', 'priya@northwind.example', 'Member-Demo-2025'),
      person('Diego Alvarez', 'diego@northwind.example', 'Member-Demo-2025'),
      person('Nina Kowalski', 'new.member@northwind.example', 'Temp-Demo-2025', { temporary: true }),
    ],
    customers: { count: 25, devices: 1250, cities: cities('north-america') },
  },
  {
    key: 'dealer-jadeharbor',
    name: 'Jade Harbor Technologies',
    phone: '+886 2 5550 1700',
    roles: ['dealer'],
    regionId: 'asia-pacific',
    parentKey: 'disty-apac',
    vendor: 'kestrel',
    owner: person('Lin Wei-Chen', 'owner@jadeharbor.example', 'Owner-Demo-2025', { locale: 'zh-TW' }),
    members: [
      person('Huang Yu-Ting', 'member@jadeharbor.example', 'Member-Demo-2025', { locale: 'zh-TW' }),
      person('Kevin Tsai', 'kevin@jadeharbor.example', 'Member-Demo-2025'),
      person('Amy Chou', 'amy@jadeharbor.example', 'Member-Demo-2025', { locale: 'zh-TW' }),
    ],
    // Mostly Taiwan, some elsewhere in the region.
    customers: {
      count: 25,
      devices: 1250,
      cities: [...TAIWAN_CITIES, ...TAIWAN_CITIES, ...cities('asia-pacific')],
    },
  },
  {
    key: 'dealer-atlas',
    name: 'Atlas Integrated Security',
    phone: '+44 20 5550 1700',
    roles: ['dealer'],
    regionId: 'europe',
    parentKey: 'disty-eu',
    vendor: 'lumora',
    owner: person('James Whitaker', 'owner@atlas-security.example', 'Owner-Demo-2025'),
    members: [
      person('Sofia Rossi', 'member@atlas-security.example', 'Member-Demo-2025'),
      person('Lukas Novak', 'lukas@atlas-security.example', 'Member-Demo-2025'),
      person('Emma Dubois', 'emma@atlas-security.example', 'Member-Demo-2025'),
    ],
    customers: { count: 1000, devices: 100_000, cities: cities('europe') },
    largeOnly: true,
  },
];

export function demoCompaniesFor(size: DemoSize): DemoCompany[] {
  return DEMO_COMPANIES.filter((company) => size === 'large' || !company.largeOnly);
}
