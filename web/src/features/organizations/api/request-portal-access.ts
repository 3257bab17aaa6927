import { type RemoteAccessRequestResult, remoteAccessRequestResultSchema } from '@portal/contracts/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultServiceApi, segment } from '@/shared/api/clients.ts';
import { organizationKeys } from './query-keys.ts';

/** POST /v1/organizations/{orgId}/vortex-send-request (no body): ask for the customer's portal. */
export async function requestPortalAccess(orgId: string): Promise<RemoteAccessRequestResult> {
  return remoteAccessRequestResultSchema.parse(
    await defaultServiceApi(`/v1/organizations/${segment(orgId)}/vortex-send-request`, { method: 'POST' }),
  );
}

export function useRequestPortalAccess(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog shows 'Failed to remote access.' itself.
    meta: { hideNotification: true },
    mutationFn: () => requestPortalAccess(orgId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.detail(orgId) }),
  });
}
