import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resellerApi } from '@/shared/api/clients.ts';
import { companyKeys } from './query-keys.ts';

/** DELETE /v1/companies/{companyId}/users/{id} (owner only; never the owner). */
export async function deleteMember(companyId: string, userId: string): Promise<void> {
  const path = `/v1/companies/${encodeURIComponent(companyId)}/users/${encodeURIComponent(userId)}`;
  await resellerApi(path, { method: 'DELETE' });
}

export function useDeleteMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog tells the user what failed, with the spec's message.
    meta: { hideNotification: true },
    mutationFn: (userId: string) => deleteMember(companyId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.members(companyId) }),
  });
}
