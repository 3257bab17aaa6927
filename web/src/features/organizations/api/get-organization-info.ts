import { type OrganizationInfo, organizationInfoSchema } from '@portal/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { segment, userPortalApi } from '@/shared/api/clients.ts';
import { organizationKeys } from './query-keys.ts';

/** GET /organizations/{orgId}/info: name, expiration date and remote-access state. */
export async function getOrganizationInfo(orgId: string, signal?: AbortSignal): Promise<OrganizationInfo> {
  return organizationInfoSchema.parse(
    await userPortalApi(`/organizations/${segment(orgId)}/info`, { signal }),
  );
}

/** While a remote-access request waits for the customer, the state is polled so approval shows up. */
const REQUESTING_POLL_MS = 5_000;

export const organizationInfoQuery = (orgId: string) =>
  queryOptions({
    queryKey: organizationKeys.info(orgId),
    queryFn: ({ signal }) => getOrganizationInfo(orgId, signal),
    refetchInterval: (query) => (query.state.data?.remoteAccess.requesting ? REQUESTING_POLL_MS : false),
  });

export const useOrganizationInfo = (orgId: string) => useQuery(organizationInfoQuery(orgId));
