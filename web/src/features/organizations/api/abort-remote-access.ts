import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultServiceApi, segment } from '@/shared/api/clients.ts';
import { organizationKeys } from './query-keys.ts';

/**
 * DELETE /v1/organizations/{orgId}/remote-access-request: Abort (SPEC §2) of one entry point's request,
 * the portal's without a device id, that server's with one; other pending requests stay.
 */
export async function abortRemoteAccess(orgId: string, deviceId?: string): Promise<void> {
  await defaultServiceApi(`/v1/organizations/${segment(orgId)}/remote-access-request`, {
    method: 'DELETE',
    query: deviceId ? { deviceId } : { entryPoint: 'portal' },
  });
}

export function useAbortRemoteAccess(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { hideNotification: true },
    mutationFn: (deviceId?: string) => abortRemoteAccess(orgId, deviceId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.detail(orgId) }),
  });
}
