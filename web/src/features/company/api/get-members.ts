import { type Member, memberListSchema } from '@portal/contracts/reseller';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resellerApi } from '@/shared/api/clients.ts';
import { companyKeys } from './query-keys.ts';

/** GET /v1/companies/{companyId}/users */
export async function getMembers(companyId: string, signal?: AbortSignal): Promise<Member[]> {
  const path = `/v1/companies/${encodeURIComponent(companyId)}/users`;
  return memberListSchema.parse(await resellerApi(path, signal ? { signal } : {})).items;
}

export const membersQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyKeys.members(companyId),
    queryFn: ({ signal }) => getMembers(companyId, signal),
  });

/** The members of a company; idle until the company id is known. */
export function useMembers(companyId: string | undefined) {
  return useQuery({ ...membersQueryOptions(companyId ?? ''), enabled: Boolean(companyId) });
}
