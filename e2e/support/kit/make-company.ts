import { randomInt } from 'node:crypto';
import {
  type Config,
  companyIdsByName,
  type Database,
  seedingDay,
  TEST_REGION,
  TestCompanies,
} from '@portal/server/testkit';
import { COMPANY_KINDS, type CompanyKind, PARTNER_DEALERS, type TestCompany } from './company-kinds.ts';

/** Numbers the companies of this server's run: names, e-mail domains and phone numbers never repeat. */
let serial = 0;

/**
 * Makes one company of `kind` on the server's own database (in one transaction), with its owner, its customers
 * or, for a 'partner-disty', its dealers with theirs. Each company has a random seed of its own.
 */
export async function makeTestCompany(
  db: Database['db'],
  config: Config,
  kind: CompanyKind,
): Promise<TestCompany> {
  const plan = COMPANY_KINDS[kind];
  const n = ++serial;
  const key = `${kind}-${n}`;
  const parents = await companyIdsByName(db);
  const companies = new TestCompanies(randomInt(2 ** 31), seedingDay());
  const name = `E2E ${kind.endsWith('disty') ? 'Distribution' : 'Security'} ${key}`;
  const phone = `+1 206 555 ${String(1000 + (n % 9000))}`;
  const company = companies.addCompany({
    key,
    name,
    phone,
    roles: plan.roles,
    vendor: 'vendor' in plan ? plan.vendor : 'lumora',
    parentCompanyId: plan.parent ? (parents.get(plan.parent) ?? null) : null,
    owner: {
      email: `owner@${key}.e2e.example`,
      name: `E2eOwner${kind.endsWith('disty') ? 'Disty' : 'Dealer'}${n}`,
    },
  });
  const made: TestCompany = { kind, companyId: company.companyId, name, phone, owner: company.owner };
  if (kind === 'partner-disty') {
    // Its own dealers, with customers: what /partners lists and the drill-down opens (issue 16).
    made.dealers = [];
    for (let d = 1; d <= PARTNER_DEALERS.count; d++) {
      const dealerName = `E2E Partner Dealer ${key}-${d}`;
      const dealer = companies.addCompany({
        key: `${key}-dealer-${d}`,
        name: dealerName,
        phone: `+1 206 555 ${String(1000 + ((n * 10 + d) % 9000))}`,
        roles: ['dealer'],
        parentCompanyId: company.companyId,
        owner: {
          email: `owner@${key}-dealer-${d}.e2e.example`,
          name: `E2eOwnerPartnerDealer${n}${d}`,
          signsIn: false,
        },
        // Each in a city of its own, so the distributor's map shows them apart (issue 23).
        office: TEST_REGION.cities[(n * PARTNER_DEALERS.count + d) % TEST_REGION.cities.length]!,
      });
      made.dealers.push({ companyId: dealer.companyId, name: dealerName });
      // An open incident for the read-only view to show (without its actions).
      companies.addCustomers(dealer, {
        ...PARTNER_DEALERS.customers,
        sdCardError: true,
        healthyCamera: true,
      });
    }
  }
  if (plan.customers) {
    // Every dealer: a disconnected server never opened (remote access) and an SD card error (dashboard).
    made.customers = companies.addCustomers(company, {
      ...plan.customers,
      remoteAccessBy: [company.owner.userId],
      disconnectedServer: true,
      sdCardError: true,
      // The journeys that break a camera through ingest (healthyCameraOf) need one.
      healthyCamera: true,
    });
  }
  await companies.insert(db, config);
  return made;
}
