import { type OrganizationService, organizationServiceListSchema } from '@portal/contracts/platform';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationToken, platformApi, segment } from '@/shared/api/clients.ts';
import { organizationKeys } from './query-keys.ts';

/**
 * GET /v1/organizations/{orgId}/services (second platform, organization token). The list already starts
 * with the synthetic VORTEX service that stands for the customer's portal.
 */
export async function getOrganizationServices(
  orgId: string,
  signal?: AbortSignal,
): Promise<OrganizationService[]> {
  const body = await platformApi(`/v1/organizations/${segment(orgId)}/services`, {
    signal,
    token: organizationToken(orgId),
  });
  return organizationServiceListSchema.parse(body).services;
}

export const organizationServicesQuery = (orgId: string) =>
  queryOptions({
    queryKey: organizationKeys.services(orgId),
    queryFn: ({ signal }) => getOrganizationServices(orgId, signal),
    // The remote-access dialog shows 'Failed to fetch the organization services' itself.
    meta: { hideNotification: true },
    refetchInterval: (query) =>
      query.state.data?.some((service) => service.remoteAccess.requesting) ? 5_000 : false,
  });

export const useOrganizationServices = (orgId: string, enabled = true) =>
  useQuery({ ...organizationServicesQuery(orgId), enabled });
