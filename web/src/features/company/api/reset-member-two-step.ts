import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resellerApi, segment } from '@/shared/api/clients.ts';
import { companyKeys } from './query-keys.ts';

/** POST /v1/companies/{companyId}/users/{id}/reset-mfa (owner only; never the owner). */
export async function resetMemberTwoStep(companyId: string, userId: string): Promise<void> {
  await resellerApi(`/v1/companies/${segment(companyId)}/users/${segment(userId)}/reset-mfa`, {
    method: 'POST',
  });
}

export function useResetMemberTwoStep(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog tells the user what failed.
    meta: { hideNotification: true },
    mutationFn: (userId: string) => resetMemberTwoStep(companyId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.members(companyId) }),
  });
}
