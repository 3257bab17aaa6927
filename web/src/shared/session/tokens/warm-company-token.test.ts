import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { buildAccount } from '@/test/account-doubles.ts';
import { ACCOUNT_QUERY_KEY } from '../account-query.ts';
import { warmCompanyTokenForDealers } from './warm-company-token.ts';

describe('warmCompanyTokenForDealers (issue 24: the company token beside the page, not after it)', () => {
  it("asks for a dealer's company token once the account has loaded", async () => {
    const client = new QueryClient();
    const companyToken = vi.fn(async () => 'token');
    warmCompanyTokenForDealers(client, companyToken);
    expect(companyToken).not.toHaveBeenCalled();
    await client.fetchQuery({
      queryKey: ACCOUNT_QUERY_KEY,
      queryFn: async () => buildAccount({ role: 'dealer' }),
    });
    expect(companyToken).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for the roles above dealers, nor for other queries', async () => {
    const client = new QueryClient();
    const companyToken = vi.fn(async () => 'token');
    warmCompanyTokenForDealers(client, companyToken);
    await client.fetchQuery({
      queryKey: ACCOUNT_QUERY_KEY,
      queryFn: async () => buildAccount({ role: 'disty' }),
    });
    await client.fetchQuery({ queryKey: ['organizations'], queryFn: async () => [] });
    expect(companyToken).not.toHaveBeenCalled();
  });

  it('a failing token request is left to the page', async () => {
    const client = new QueryClient();
    warmCompanyTokenForDealers(client, async () => {
      throw new Error('vortextoken failed');
    });
    await client.fetchQuery({
      queryKey: ACCOUNT_QUERY_KEY,
      queryFn: async () => buildAccount({ role: 'dealer' }),
    });
  });
});
