import type { Account } from '../accounts.ts';
import { call, type Tokens } from '../client.ts';
import type { Context } from '../context.ts';
import { Client } from '../load-client.ts';
import { companyToken, organizationToken, session } from '../sessions.ts';

/** Reads of a dealer's screens: company, members, customers, dashboard, device lists. */
export async function dealerReader(
  ctx: Context,
  index: number,
  account: Account,
  companyId: string,
): Promise<void> {
  const client = new Client(ctx, index);
  const site = ctx.world.bigSite.get(companyId)!;
  const { recorder } = ctx;
  let tokens: Tokens | undefined;
  let company: string | undefined;
  let organization: string | undefined;
  for (let n = 0; client.running(); n++) {
    if (n % 12 === 0 || !tokens || !company || !organization) {
      tokens = await session(client, account, n % 24 === 12);
      company = await companyToken(client, tokens, companyId);
      organization = await organizationToken(client, tokens, site.orgId);
      continue;
    }
    const reads: [string, string, string][] = [
      ['reseller companies/info', '/api/reseller/v1/companies/info', tokens.idToken],
      ['reseller members', `/api/reseller/v1/companies/${companyId}/users`, tokens.idToken],
      ['user-portal customers', '/api/user-portal/companies/organizations', company],
      ['user-portal dashboard', '/api/user-portal/companies/statistics', company],
      ['user-portal site devices', `/api/user-portal/sites/${site.siteId}/devices`, company],
      ['platform statistics', '/api/platform/v1/organizations/statistics', company],
      ['platform site devices', `/api/platform/v1/sites/${site.siteId}/devices`, organization],
      ['user-portal customer statistics', `/api/user-portal/organizations/${site.orgId}/statistics`, company],
    ];
    const [operation, path, token] = reads[n % reads.length]!;
    await call(recorder, client.nextFor(operation), operation, 'GET', path, { token });
  }
}
