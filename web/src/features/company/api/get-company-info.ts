import { type CompanyInfo, companyInfoSchema } from '@portal/contracts/reseller';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resellerApi } from '@/shared/api/clients.ts';
import { companyKeys } from './query-keys.ts';

/** GET /v1/companies/info */
export async function getCompanyInfo(signal?: AbortSignal): Promise<CompanyInfo> {
  return companyInfoSchema.parse(await resellerApi('/v1/companies/info', signal ? { signal } : {}));
}

export const companyInfoQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.info(), queryFn: ({ signal }) => getCompanyInfo(signal) });

export const useCompanyInfo = () => useQuery(companyInfoQueryOptions());
