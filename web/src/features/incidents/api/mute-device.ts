import { type DeviceMute, deviceMuteSchema } from '@portal/contracts/incidents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { segment, userPortalApi } from '@/shared/api/clients.ts';
import { setCachedDeviceMute } from '@/shared/api/incidents.ts';
import { incidentKeys } from '@/shared/api/query-keys.ts';

/** POST /companies/devices/{deviceId}/mute {minutes}, or DELETE it (`minutes` null): the device's mute. */
export async function setDeviceMute(deviceId: string, minutes: number | null): Promise<DeviceMute> {
  const path = `/companies/devices/${segment(deviceId)}/mute`;
  return deviceMuteSchema.parse(
    await userPortalApi(
      path,
      minutes === null ? { method: 'DELETE' } : { method: 'POST', body: { minutes } },
    ),
  );
}

export function useDeviceMute() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { hideNotification: true },
    mutationFn: ({ deviceId, minutes }: { deviceId: string; minutes: number | null }) =>
      setDeviceMute(deviceId, minutes),
    onSuccess: (mute) => {
      setCachedDeviceMute(queryClient, mute.deviceId, mute.mutedUntil);
      // The timelines gain a muted / unmuted event.
      void queryClient.invalidateQueries({ queryKey: [...incidentKeys.all, 'detail'] });
    },
  });
}
