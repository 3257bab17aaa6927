import { type CompanySecurity, companySecuritySchema } from '@portal/contracts/reseller';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resellerApi, segment } from '@/shared/api/clients.ts';
import { companyKeys } from './query-keys.ts';

const path = (companyId: string) => `/v1/companies/${segment(companyId)}/security`;

/** GET /v1/companies/{companyId}/security (owner only): the two-step sign-in policy. */
export function useCompanySecurity(companyId: string, enabled: boolean) {
  return useQuery({
    queryKey: companyKeys.security(companyId),
    queryFn: async ({ signal }) =>
      companySecuritySchema.parse(await resellerApi(path(companyId), { signal })),
    enabled,
  });
}

/** PUT /v1/companies/{companyId}/security (owner only). */
export function useUpdateCompanySecurity(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { hideNotification: true },
    mutationFn: async (next: CompanySecurity) =>
      companySecuritySchema.parse(await resellerApi(path(companyId), { method: 'PUT', body: next })),
    onSuccess: (saved) => queryClient.setQueryData(companyKeys.security(companyId), saved),
  });
}
