import { test as base, expect as baseExpect } from '@playwright/test';
import { type MadeCustomers, madeData } from './made-data.ts';
import { CompanyMembers, deleteMembers } from './members.ts';
import { claimCompany } from './pool/claim.ts';
import type { CompanyKind, PoolCompany } from './pool/plan.ts';

interface DataFixtures {
  /** Which seeded company `company` is: `test.use({ companyKind: 'dealer' })`. Default: 'small-dealer'. */
  companyKind: CompanyKind;
  /** The DATA_DIR of the server under test (its seeded companies and ingest keys). */
  serverDataDir: string;
  /** A company of this test's own, with its owner (permanent password, welcome video seen). */
  company: PoolCompany;
  /** What the test kit made for `company`'s customers (kinds with customers only). */
  companyData: MadeCustomers;
  /** Makes members of `company`. */
  members: CompanyMembers;
  /** Claims one more company of this test's own, e.g. a distributor beside the dealer. */
  claimCompany: (kind: CompanyKind) => PoolCompany;
}

export const test = base.extend<DataFixtures>({
  companyKind: ['small-dealer', { option: true }],
  serverDataDir: [process.env.E2E_DATA_DIR ?? '', { option: true }],
  // After the test, every member but the seeded owner goes, whether made by `members` or on the page.
  company: async ({ companyKind, serverDataDir, request }, use) => {
    const company = claimCompany(companyKind, serverDataDir);
    await use(company);
    await deleteMembers(request, company);
  },
  companyData: async ({ serverDataDir, company }, use) => {
    await use(madeData(serverDataDir, company.companyId));
  },
  members: async ({ request, baseURL, company }, use, testInfo) => {
    await use(new CompanyMembers(request, baseURL ?? '', company, testInfo.workerIndex));
  },
  claimCompany: async ({ serverDataDir, request }, use) => {
    const claimed: PoolCompany[] = [];
    await use((kind) => {
      const company = claimCompany(kind, serverDataDir);
      claimed.push(company);
      return company;
    });
    for (const company of claimed) await deleteMembers(request, company);
  },
});

export { expect } from '@playwright/test';

/**
 * A file of slow journeys (SRP sign-ins in the browser, lazily loaded pages; a shared machine takes a while):
 * each test may take `timeout` ms, and the returned `expect` waits up to 30 s for a page to show something.
 */
export function slowJourney(timeout: number) {
  test.describe.configure({ timeout });
  return baseExpect.configure({ timeout: 30_000 });
}
