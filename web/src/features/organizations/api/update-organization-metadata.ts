import {
  type OrganizationMetadata,
  organizationMetadataSchema,
  type UpdateOrganizationMetadata,
} from '@portal/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultServiceApi, segment } from '@/shared/api/clients.ts';
import { organizationKeys } from './query-keys.ts';

/** PATCH /v1/organizations/{orgId}/metadata with only the changed fields (SPEC §7). */
export async function updateOrganizationMetadata(
  orgId: string,
  changes: UpdateOrganizationMetadata,
): Promise<OrganizationMetadata> {
  return organizationMetadataSchema.parse(
    await defaultServiceApi(`/v1/organizations/${segment(orgId)}/metadata`, {
      method: 'PATCH',
      body: changes,
    }),
  );
}

export function useUpdateOrganizationMetadata(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The editor shows 'Saved successfully!' or 'Failed to save.' itself.
    meta: { hideNotification: true },
    mutationFn: (changes: UpdateOrganizationMetadata) => updateOrganizationMetadata(orgId, changes),
    onSuccess: (metadata) => {
      queryClient.setQueryData(organizationKeys.metadata(orgId), metadata);
      // The list shows the reference.
      void queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
    },
  });
}
