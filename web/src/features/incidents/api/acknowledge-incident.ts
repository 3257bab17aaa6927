import { type Incident, incidentSchema } from '@portal/contracts/incidents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { segment, userPortalApi } from '@/shared/api/clients.ts';
import { replaceCachedIncident } from '@/shared/api/incidents.ts';
import { incidentKeys } from '@/shared/api/query-keys.ts';

/** POST /companies/incidents/{id}/acknowledge (no body): the incident, acknowledged by the caller. */
export async function acknowledgeIncident(id: string): Promise<Incident> {
  return incidentSchema.parse(
    await userPortalApi(`/companies/incidents/${segment(id)}/acknowledge`, { method: 'POST' }),
  );
}

export function useAcknowledgeIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    // The page toasts the outcome itself.
    meta: { hideNotification: true },
    mutationFn: (id: string) => acknowledgeIncident(id),
    onSuccess: (incident) => {
      // Every list and the timeline show it at once; the timeline's new event comes with the refetch.
      replaceCachedIncident(queryClient, incident);
      void queryClient.invalidateQueries({ queryKey: incidentKeys.detail(incident.id) });
    },
  });
}
