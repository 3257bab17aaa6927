import { type ListedMember, memberListSchema } from '@portal/contracts/reseller';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resellerApi, segment } from './clients.ts';
import { memberKeys } from './query-keys.ts';

/** GET /v1/companies/{companyId}/users: My Company's member list and the notification rules' recipients. */
export async function getMembers(companyId: string, signal?: AbortSignal): Promise<ListedMember[]> {
  const path = `/v1/companies/${segment(companyId)}/users`;
  return memberListSchema.parse(await resellerApi(path, signal ? { signal } : {})).items;
}

export const membersQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: memberKeys.list(companyId),
    queryFn: ({ signal }) => getMembers(companyId, signal),
  });

/** The members of a company; idle until the company id is known. */
export function useMembers(companyId: string | undefined) {
  return useQuery({ ...membersQueryOptions(companyId ?? ''), enabled: Boolean(companyId) });
}
