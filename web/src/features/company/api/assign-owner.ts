import { useMutation } from '@tanstack/react-query';
import { resellerApi } from '@/shared/api/clients.ts';

/** POST /v1/companies/{companyId}/users/{id}/owner: the member becomes the owner, the caller a member, at once. */
export async function assignOwner(companyId: string, userId: string): Promise<void> {
  const path = `/v1/companies/${encodeURIComponent(companyId)}/users/${encodeURIComponent(userId)}/owner`;
  await resellerApi(path, { method: 'POST' });
}

/** No cache update: the page reloads after the transfer, so every permission is read afresh. */
export function useAssignOwner(companyId: string) {
  return useMutation({
    mutationFn: (userId: string) => assignOwner(companyId, userId),
    // The dialog shows 'Failed to change owner.' itself.
    meta: { hideNotification: true },
  });
}
