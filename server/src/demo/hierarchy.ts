import type { BrandId } from '@portal/contracts/brands';
import type { Role } from '@portal/contracts/roles';
import type { DemoSize } from '../infrastructure/config/demo-size.ts';
import { type City, REGIONS, TAIWAN_CITIES } from './geography.ts';

export interface DemoPerson {
  /** A profile name by SPEC §5's rule (no spaces), so the person can save a small edit of it. */
  name: string;
  email: string;
  /** Signs in with a temporary password and must set a new one. */
  temporary?: boolean;
  locale?: 'en' | 'zh-TW';
}

export interface DemoCompany {
  key: string;
  name: string;
  phone: string;
  /** IANA time zone of the company's office (digests and quiet hours). */
  timeZone: string;
  /** Where the office is (the partner map's marker); none for the regions, which sit at their centre. */
  office?: City;
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
const ALL_CITIES = [...REGIONS.flatMap((region) => region.cities), ...TAIWAN_CITIES];
const cityNamed = (name: string) => ALL_CITIES.find((city) => city.name === name)!;
const SAN_JOSE: City = {
  name: 'San Jose',
  country: 'United States',
  latitude: 37.3382,
  longitude: -121.8863,
  timeZone: 'America/Los_Angeles',
};

const person = (name: string, email: string, extra: Partial<DemoPerson> = {}) => ({ name, email, ...extra });

/** HQ → region → distributor → dealer, with every demo account (passwords are generated when seeding). */
export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    key: 'hq',
    name: 'Lumora Systems HQ',
    phone: '+1 408 555 0100',
    timeZone: 'America/Los_Angeles',
    office: SAN_JOSE,
    roles: ['hq-pm', 'hq-sales'],
    regionId: null,
    parentKey: null,
    vendor: 'lumora',
    owner: person('HelenPark', 'hq@lumora.example'),
    // A second member of HQ: its role is the company's (hq-pm), so the address does not claim another.
    members: [person('SamuelOrtiz', 'hq.member@lumora.example')],
  },
  ...REGIONS.map(
    (region): DemoCompany => ({
      key: `region-${region.id}`,
      name: `Lumora ${region.name}`,
      phone: '+1 408 555 0110',
      timeZone: region.timeZone,
      roles: ['region'],
      regionId: region.id,
      parentKey: 'hq',
      vendor: 'lumora',
      owner: person(`${region.name.replaceAll(' ', '')}Manager`, `region.${region.id}@lumora.example`),
      members: [],
    }),
  ),
  {
    key: 'disty-na',
    name: 'Pinecrest Distribution',
    phone: '+1 312 555 0140',
    timeZone: 'America/Chicago',
    office: cityNamed('Chicago'),
    roles: ['disty'],
    regionId: 'north-america',
    parentKey: 'region-north-america',
    vendor: 'lumora',
    owner: person('GraceWhitfield', 'disty@pinecrest.example'),
    members: [person('TomBecker', 'sales@pinecrest.example')],
  },
  {
    key: 'disty-eu',
    name: 'Rhein Vision Distribution',
    phone: '+49 69 5550 1400',
    timeZone: 'Europe/Berlin',
    office: cityNamed('Frankfurt'),
    roles: ['disty'],
    regionId: 'europe',
    parentKey: 'region-europe',
    vendor: 'lumora',
    owner: person('KatrinVogel', 'disty@rheinvision.example'),
    members: [],
  },
  {
    key: 'disty-apac',
    name: 'Formosa Secure Supply',
    phone: '+886 2 5550 1400',
    timeZone: 'Asia/Taipei',
    office: cityNamed('Taipei'),
    roles: ['disty'],
    regionId: 'asia-pacific',
    parentKey: 'region-asia-pacific',
    vendor: 'kestrel',
    owner: person('ChenMei-Ling', 'disty@formosasecure.example', { locale: 'zh-TW' }),
    members: [],
  },
  {
    key: 'dealer-northwind',
    name: 'Northwind Security',
    phone: '+1 206 555 0170',
    timeZone: 'America/Los_Angeles',
    office: cityNamed('Seattle'),
    roles: ['dealer'],
    regionId: 'north-america',
    parentKey: 'disty-na',
    vendor: 'lumora',
    owner: person('OliviaBennett', 'owner@northwind.example'),
    members: [
      person('MarcusLee', 'member@northwind.example'),
      person('PriyaRaman', 'priya@northwind.example'),
      person('DiegoAlvarez', 'diego@northwind.example'),
      person('NinaKowalski', 'new.member@northwind.example', { temporary: true }),
    ],
    customers: { count: 25, devices: 1250, cities: cities('north-america') },
  },
  {
    key: 'dealer-jadeharbor',
    name: 'Jade Harbor Technologies',
    phone: '+886 2 5550 1700',
    timeZone: 'Asia/Taipei',
    office: cityNamed('Taipei'),
    roles: ['dealer'],
    regionId: 'asia-pacific',
    parentKey: 'disty-apac',
    vendor: 'kestrel',
    owner: person('LinWei-Chen', 'owner@jadeharbor.example', { locale: 'zh-TW' }),
    members: [
      person('HuangYu-Ting', 'member@jadeharbor.example', { locale: 'zh-TW' }),
      person('KevinTsai', 'kevin@jadeharbor.example'),
      person('AmyChou', 'amy@jadeharbor.example', { locale: 'zh-TW' }),
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
    timeZone: 'Europe/London',
    office: cityNamed('London'),
    roles: ['dealer'],
    regionId: 'europe',
    parentKey: 'disty-eu',
    vendor: 'lumora',
    owner: person('JamesWhitaker', 'owner@atlas-security.example'),
    members: [
      person('SofiaRossi', 'member@atlas-security.example'),
      person('LukasNovak', 'lukas@atlas-security.example'),
      person('EmmaDubois', 'emma@atlas-security.example'),
    ],
    customers: { count: 1000, devices: 100_000, cities: cities('europe') },
    largeOnly: true,
  },
];

/** Each demo distributor's own dealers, and the region it belongs to. */
const DISTRIBUTORS = [
  { key: 'disty-na', regionId: 'north-america', vendor: 'lumora' },
  { key: 'disty-eu', regionId: 'europe', vendor: 'lumora' },
  { key: 'disty-apac', regionId: 'asia-pacific', vendor: 'kestrel' },
] as const;

const DEALER_SUFFIXES = ['Security', 'Surveillance', 'Vision Systems', 'Protection', 'Integrated Security'];

/** A generated dealer of a distributor: named after a city of its region, its owner the only account. */
function generatedDealer(
  n: number,
  parent: { key: string; regionId: string; vendor: BrandId },
  customers: { count: number; devices: number },
): DemoCompany {
  const regionCities = cities(parent.regionId);
  const city = regionCities[n % regionCities.length]!;
  const suffix = DEALER_SUFFIXES[Math.floor(n / regionCities.length) % DEALER_SUFFIXES.length]!;
  const number = String(n + 1).padStart(3, '0');
  return {
    key: `dealer-generated-${number}`,
    name: `${city.name} ${suffix} ${number}`,
    phone: `+1 555 010 ${number}`,
    timeZone: city.timeZone,
    office: city,
    roles: ['dealer'],
    regionId: parent.regionId,
    parentKey: parent.key,
    vendor: parent.vendor,
    owner: person(`Owner${number}`, `owner@dealer-${number}.example`),
    members: [],
    customers: { ...customers, cities: regionCities },
  };
}

/** Two more dealers for each distributor (small and large sets), so a distributor has several to compare. */
const smallSetDealers = (): DemoCompany[] =>
  DISTRIBUTORS.flatMap((parent, index) =>
    [0, 1].map((k) => generatedDealer(index * 2 + k, parent, { count: 6, devices: 240 })),
  );

/**
 * The xlarge set: three more distributors per region (12 in all) and dealers up to 200, each with 20
 * customers and 2,020 devices: with the named dealers, ~5,000 customers and ~500,000 devices.
 */
function xlargeCompanies(): DemoCompany[] {
  const distributors = REGIONS.flatMap((region, r) =>
    [1, 2, 3].map((k): DemoCompany & { key: string; regionId: string } => ({
      key: `disty-generated-${region.id}-${k}`,
      name: `${region.name} Distribution ${k}`,
      phone: `+1 555 020 ${r}${k}`,
      timeZone: region.timeZone,
      office: region.cities[k]!,
      roles: ['disty'],
      regionId: region.id,
      parentKey: `region-${region.id}`,
      vendor: 'lumora',
      owner: person(`Distributor${r}${k}`, `disty${r}${k}@${region.id}.example`),
      members: [],
    })),
  );
  const parents = [
    ...DISTRIBUTORS,
    ...distributors.map((d) => ({ key: d.key, regionId: d.regionId, vendor: d.vendor })),
  ];
  const named = DEMO_COMPANIES.filter((company) => company.customers).length;
  const first = smallSetDealers().length;
  const dealers = Array.from({ length: 200 - named - first }, (_, i) =>
    generatedDealer(first + i, parents[i % parents.length]!, { count: 20, devices: 2020 }),
  );
  return [...distributors, ...dealers];
}

export function demoCompaniesFor(size: DemoSize): DemoCompany[] {
  return [
    ...DEMO_COMPANIES.filter((company) => size !== 'small' || !company.largeOnly),
    ...smallSetDealers(),
    ...(size === 'xlarge' ? xlargeCompanies() : []),
  ];
}
