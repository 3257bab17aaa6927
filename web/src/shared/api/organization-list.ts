import { type OrganizationListItem, organizationListSchema } from '@portal/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { live } from '@/shared/live/live-meta.ts';
import { userPortalApi } from './clients.ts';
import { organizationKeys } from './query-keys.ts';

/**
 * GET /companies/organizations: every customer of the dealer with its license and device summary.
 * Loaded once and searched in memory, so typing never waits for the network (1,000 customers ≈ 150 kB).
 */
export async function getOrganizationList(signal?: AbortSignal): Promise<OrganizationListItem[]> {
  return organizationListSchema.parse(await userPortalApi('/companies/organizations', { signal })).items;
}

export const organizationListQuery = () =>
  queryOptions({
    queryKey: organizationKeys.list(),
    queryFn: ({ signal }) => getOrganizationList(signal),
    // Each customer's offline and abnormal device counts.
    meta: { live: live(['devices']) },
  });

export const useOrganizationList = (options: { hideNotification?: boolean } = {}) =>
  useQuery({
    ...organizationListQuery(),
    ...(options.hideNotification ? { meta: { live: live(['devices']), hideNotification: true } } : {}),
  });
