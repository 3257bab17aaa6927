import { type CompanyInfo, companyInfoSchema } from '@portal/contracts/reseller';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAccount } from '@/shared/session/use-account.ts';
import { resellerApi } from './clients.ts';
import { companyInfoKey } from './query-keys.ts';

/** GET /v1/companies/info: the signed-in user's company, and whether they own it now (not at sign-in). */
export async function getCompanyInfo(signal?: AbortSignal): Promise<CompanyInfo> {
  return companyInfoSchema.parse(await resellerApi('/v1/companies/info', signal ? { signal } : {}));
}

export const companyInfoQueryOptions = () =>
  queryOptions({ queryKey: companyInfoKey(), queryFn: ({ signal }) => getCompanyInfo(signal) });

export const useCompanyInfo = () => useQuery(companyInfoQueryOptions());

/**
 * Whether the signed-in user owns their company now, as the server sees it: a transfer since sign-in shows
 * at once (the account's flag is the one from sign-in, used until the company has been read).
 */
export function useIsCompanyOwner(): boolean {
  const account = useAccount();
  return useCompanyInfo().data?.owner ?? account?.user.isCompanyOwner ?? false;
}
