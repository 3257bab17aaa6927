import { test as base } from '@playwright/test';
import { CompanyMembers } from './members.ts';
import { claimCompany } from './pool/claim.ts';
import type { CompanyKind, PoolCompany } from './pool/plan.ts';

interface DataFixtures {
  /** Which seeded company `company` is: `test.use({ companyKind: 'dealer' })`. Default: 'small-dealer'. */
  companyKind: CompanyKind;
  /** The DATA_DIR of the server under test (the kestrel project's server has its own). */
  serverDataDir: string;
  /** A company of this test's own, with its owner (permanent password, welcome video seen). */
  company: PoolCompany;
  /** Makes members of `company`; deletes them after the test. */
  members: CompanyMembers;
  /** Claims one more company of this test's own, e.g. for a journey across two companies. */
  claimCompany: (kind: CompanyKind) => PoolCompany;
}

export const test = base.extend<DataFixtures>({
  companyKind: ['small-dealer', { option: true }],
  serverDataDir: [process.env.E2E_DATA_DIR ?? '', { option: true }],
  company: async ({ companyKind, serverDataDir }, use) => {
    await use(claimCompany(companyKind, serverDataDir));
  },
  members: async ({ request, baseURL, company }, use, testInfo) => {
    const members = new CompanyMembers(request, baseURL ?? '', company, testInfo.workerIndex);
    await use(members);
    await members.deleteAll();
  },
  claimCompany: async ({ serverDataDir }, use) => {
    await use((kind) => claimCompany(kind, serverDataDir));
  },
});

export { expect } from '@playwright/test';
