import { type BrowserContext, test as base, expect as baseExpect, type Page } from '@playwright/test';
import type { MadeCustomers } from './made-data.ts';
import { type ActiveMember, CompanyMembers } from './members.ts';
import { signInAs } from './sign-in.ts';
import { type CompanyKind, deleteCompany, makeCompany, type TestCompany } from './test-kit.ts';

interface DataFixtures {
  /** Which kind of company `company` is: `test.use({ companyKind: 'dealer' })`. Default: 'small-dealer'. */
  companyKind: CompanyKind;
  /** The DATA_DIR of the server under test (its demo ingest keys). */
  serverDataDir: string;
  /** A company the test kit made for this test, with its owner (permanent password, welcome video seen). */
  company: TestCompany;
  /** What the test kit made for `company`'s customers (kinds with customers only). */
  companyData: MadeCustomers;
  /** Makes members of `company`. */
  members: CompanyMembers;
  /**
   * A second person beside `page`: an active member of `company`, signed in on a page of a browser context of
   * their own (closed after the test).
   */
  memberBrowser: { member: ActiveMember; page: Page; context: BrowserContext };
  /** Makes one more company for this test, e.g. an HQ company beside the distributor. */
  makeCompany: (kind: CompanyKind) => Promise<TestCompany>;
}

export const test = base.extend<DataFixtures>({
  companyKind: ['small-dealer', { option: true }],
  serverDataDir: [process.env.E2E_DATA_DIR ?? '', { option: true }],
  // Made on the server's database before the test, deleted with everything of it after (members the journey
  // added on the page included), so no other test ever sees it (decision 0015).
  company: async ({ companyKind }, use) => {
    const company = await makeCompany(companyKind);
    await use(company);
    await deleteCompany(company.companyId);
  },
  companyData: async ({ company }, use) => {
    if (!company.customers) throw new Error(`a '${company.kind}' company has no customers`);
    await use(company.customers);
  },
  members: async ({ request, baseURL, company }, use, testInfo) => {
    await use(new CompanyMembers(request, baseURL ?? '', company, testInfo.workerIndex));
  },
  memberBrowser: async ({ browser, members }, use) => {
    const member = await members.createActive({ prefix: 'member' });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signInAs(page, member);
      await use({ member, page, context });
    } finally {
      await context.close();
    }
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  makeCompany: async ({}, use) => {
    const made: TestCompany[] = [];
    await use(async (kind) => {
      const company = await makeCompany(kind);
      made.push(company);
      return company;
    });
    for (const company of made) await deleteCompany(company.companyId);
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
