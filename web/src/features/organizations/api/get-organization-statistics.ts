import {
  type FirstPlatformOrganizationStatistics,
  firstPlatformOrganizationStatisticsSchema,
} from '@portal/contracts/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { segment, userPortalApi } from '@/shared/api/clients.ts';
import { live } from '@/shared/live/live-meta.ts';
import { organizationKeys } from './query-keys.ts';

/** GET /organizations/{orgId}/statistics: first-platform cameras, servers, speakers and licenses. */
export async function getOrganizationStatistics(
  orgId: string,
  signal?: AbortSignal,
): Promise<FirstPlatformOrganizationStatistics> {
  return firstPlatformOrganizationStatisticsSchema.parse(
    await userPortalApi(`/organizations/${segment(orgId)}/statistics`, { signal }),
  );
}

export const organizationStatisticsQuery = (orgId: string) =>
  queryOptions({
    queryKey: organizationKeys.statistics(orgId, 'first'),
    queryFn: ({ signal }) => getOrganizationStatistics(orgId, signal),
    meta: { live: live(['devices'], orgId) },
  });

export const useOrganizationStatistics = (orgId: string) => useQuery(organizationStatisticsQuery(orgId));
