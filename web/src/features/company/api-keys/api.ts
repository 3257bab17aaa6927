import {
  type ApiKey,
  apiKeyListSchema,
  type CreateApiKey,
  type CreatedApiKey,
  createdApiKeySchema,
} from '@portal/contracts/api-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resellerApi, segment } from '@/shared/api/clients.ts';
import { companyKeys } from '../api/query-keys.ts';

const path = (companyId: string) => `/v1/companies/${segment(companyId)}/api-keys`;

/** GET /v1/companies/{companyId}/api-keys (owner only): the live keys, never the keys themselves. */
export function useApiKeys(companyId: string) {
  return useQuery({
    queryKey: companyKeys.apiKeys(companyId),
    queryFn: async ({ signal }): Promise<ApiKey[]> =>
      apiKeyListSchema.parse(await resellerApi(path(companyId), { signal })).items,
    meta: { hideNotification: true },
  });
}

/** POST …/api-keys: the answer holds the key, shown this once. */
export function useCreateApiKey(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { hideNotification: true },
    mutationFn: async (input: CreateApiKey): Promise<CreatedApiKey> =>
      createdApiKeySchema.parse(await resellerApi(path(companyId), { method: 'POST', body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.apiKeys(companyId) }),
  });
}

/** DELETE …/api-keys/{id}: refused by the server from the next call on. */
export function useRevokeApiKey(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { hideNotification: true },
    mutationFn: async (keyId: string) => {
      await resellerApi(`${path(companyId)}/${segment(keyId)}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.apiKeys(companyId) }),
  });
}
