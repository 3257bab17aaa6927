import type { Customers, TestAccount } from '@portal/server/testkit';

/**
 * The kinds of company a journey makes for itself through the test kit (make-company.ts), each with what its
 * journeys need. No HTTP route creates a company (SPEC §7 has none), so the kit makes them with the demo
 * generator's own factories on the server's database; members are made by the tests through the reseller API
 * and the identity service's admin API (members.ts).
 */
export const COMPANY_KINDS = {
  /** A dealer with customers enough for every dashboard card, the map's clusters and the device filters. */
  dealer: { roles: ['dealer'], customers: { count: 25, devices: 400 }, parent: 'Pinecrest Distribution' },
  /** A dealer with two small customers: journeys about accounts, members and the company. */
  'small-dealer': {
    roles: ['dealer'],
    customers: { count: 2, devices: 12 },
    parent: 'Pinecrest Distribution',
  },
  /** A distributor without dealers (lands on an empty /partners, no customers). */
  disty: { roles: ['disty'], customers: null, parent: 'Lumora North America' },
  /** A distributor with dealers of its own (PARTNER_DEALERS, each with small customers): issue 16's journeys. */
  'partner-disty': { roles: ['disty'], customers: null, parent: 'Lumora North America' },
  /** A dealer of the second brand (vendor kestrel, like Jade Harbor): the brand journeys (decision 0022). */
  'kestrel-dealer': {
    roles: ['dealer'],
    customers: { count: 2, devices: 12 },
    parent: 'Formosa Secure Supply',
    vendor: 'kestrel',
  },
  /** An HQ company (sees every company): issue 23's journey through a dealer's screens as HQ. */
  'partner-hq': { roles: ['hq-pm', 'hq-sales'], customers: null, parent: null },
} as const satisfies Record<
  string,
  {
    roles: readonly string[];
    customers: { count: number; devices: number } | null;
    /** The demo company it hangs under in the hierarchy (SPEC §1). */
    parent: string | null;
    /** The company's vendor brand; lumora when absent. */
    vendor?: 'lumora' | 'kestrel';
  }
>;

export type CompanyKind = keyof typeof COMPANY_KINDS;

export const isCompanyKind = (kind: unknown): kind is CompanyKind =>
  typeof kind === 'string' && Object.hasOwn(COMPANY_KINDS, kind);

/** The dealers made below each 'partner-disty' (they go with their distributor). */
export const PARTNER_DEALERS = { count: 2, customers: { count: 2, devices: 12 } } as const;

/** A company the kit made for one test, as the control endpoint returns it. */
export interface TestCompany {
  kind: CompanyKind;
  companyId: string;
  name: string;
  phone: string;
  /** The owner: a permanent password, welcome video already seen. */
  owner: TestAccount;
  /** A 'partner-disty''s dealers. */
  dealers?: { companyId: string; name: string }[];
  /** What the kit made for its customers (kinds with customers only; dates as ISO strings). */
  customers?: Customers;
}
