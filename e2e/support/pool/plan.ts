import path from 'node:path';

/**
 * The companies the e2e server is seeded with before it starts, by kind. Each test claims companies of its
 * own (claim.ts) and no other test touches them. No HTTP route creates a company (SPEC §7 has none), so
 * the seed (seed.ts) makes them with the server's own demo factories; members are made by the tests
 * through the reseller API and the identity service's admin API (members.ts).
 */
export const COMPANY_KINDS = {
  /** A dealer with customers enough for every dashboard card, the map's clusters and the device filters. */
  dealer: { roles: ['dealer'], count: 55, customers: { count: 25, devices: 400 } },
  /** A dealer with two small customers: journeys about accounts, members and the company. */
  'small-dealer': { roles: ['dealer'], count: 70, customers: { count: 2, devices: 12 } },
  /** A distributor without dealers (lands on an empty /partners, no customers). */
  disty: { roles: ['disty'], count: 12, customers: null },
  /** A distributor with dealers of its own (PARTNER_DEALERS, each with small customers): issue 16's journeys. */
  'partner-disty': { roles: ['disty'], count: 24, customers: null },
  /** A dealer of the second brand (vendor kestrel, like Jade Harbor): the brand journeys (decision 0022). */
  'kestrel-dealer': { roles: ['dealer'], count: 6, customers: { count: 2, devices: 12 }, vendor: 'kestrel' },
  /** An HQ company (sees every company): issue 23's journey through a dealer's screens as HQ. */
  'partner-hq': { roles: ['hq-pm', 'hq-sales'], count: 6, customers: null },
} as const satisfies Record<
  string,
  {
    roles: readonly string[];
    count: number;
    customers: { count: number; devices: number } | null;
    /** The company's vendor brand; lumora when absent. */
    vendor?: 'lumora' | 'kestrel';
  }
>;

export type CompanyKind = keyof typeof COMPANY_KINDS;

/** The dealers seeded below each 'partner-disty' (not claimable: they belong to their distributor's test). */
export const PARTNER_DEALERS = { count: 2, customers: { count: 2, devices: 12 } } as const;

export interface PoolAccount {
  userId: string;
  email: string;
  name: string;
  password: string;
}

/** One seeded company, as the seed writes it to the pool file. */
export interface PoolCompany {
  kind: CompanyKind;
  companyId: string;
  name: string;
  phone: string;
  /** The owner: a permanent password, welcome video already seen. */
  owner: PoolAccount;
  /** A 'partner-disty''s dealers. */
  dealers?: { companyId: string; name: string }[];
}

/** The seeded companies of a server's DATA_DIR. */
export const poolFile = (dataDir: string): string => path.join(dataDir, 'e2e-companies.json');

/** Where claims are kept (one empty file per claimed company). */
export const claimsDir = (dataDir: string): string => path.join(dataDir, 'e2e-claims');

/** Where the seed writes what it made for each company with customers (one JSON file per company). */
export const madeDir = (dataDir: string): string => path.join(dataDir, 'e2e-made');

export const madeFile = (dataDir: string, companyId: string): string =>
  path.join(madeDir(dataDir), `${companyId}.json`);
