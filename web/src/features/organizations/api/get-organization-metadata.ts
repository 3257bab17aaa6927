import { type OrganizationMetadata, organizationMetadataSchema } from '@portal/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultServiceApi, segment } from '@/shared/api/clients.ts';
import { organizationKeys } from './query-keys.ts';

/** GET /v1/organizations/{orgId}/metadata: contact name, reference, address, e-mail and phone. */
export async function getOrganizationMetadata(
  orgId: string,
  signal?: AbortSignal,
): Promise<OrganizationMetadata> {
  return organizationMetadataSchema.parse(
    await defaultServiceApi(`/v1/organizations/${segment(orgId)}/metadata`, { signal }),
  );
}

export const organizationMetadataQuery = (orgId: string) =>
  queryOptions({
    queryKey: organizationKeys.metadata(orgId),
    queryFn: ({ signal }) => getOrganizationMetadata(orgId, signal),
  });

export const useOrganizationMetadata = (orgId: string) => useQuery(organizationMetadataQuery(orgId));
