import {
  type ObmSendRequest,
  type RemoteAccessRequestResult,
  remoteAccessRequestResultSchema,
} from '@portal/contracts/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultServiceApi, segment } from '@/shared/api/clients.ts';
import { organizationKeys } from './query-keys.ts';

/** POST /v1/organizations/{orgId}/obm-send-request: ask for one or more of the customer's servers. */
export async function requestServerAccess(
  orgId: string,
  sites: ObmSendRequest,
): Promise<RemoteAccessRequestResult> {
  return remoteAccessRequestResultSchema.parse(
    await defaultServiceApi(`/v1/organizations/${segment(orgId)}/obm-send-request`, {
      method: 'POST',
      body: sites,
    }),
  );
}

export function useRequestServerAccess(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { hideNotification: true },
    mutationFn: (sites: ObmSendRequest) => requestServerAccess(orgId, sites),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.detail(orgId) }),
  });
}
