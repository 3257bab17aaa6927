import { type OrganizationStatistics, organizationStatisticsSchema } from '@portal/contracts/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationToken, platformApi, segment } from '@/shared/api/clients.ts';
import { live } from '@/shared/live/live-meta.ts';
import { organizationKeys } from './query-keys.ts';

/** GET /v1/organizations/{orgId}/statistics (second platform, organization token). */
export async function getPlatformStatistics(
  orgId: string,
  signal?: AbortSignal,
): Promise<OrganizationStatistics> {
  return organizationStatisticsSchema.parse(
    await platformApi(`/v1/organizations/${segment(orgId)}/statistics`, {
      signal,
      token: organizationToken(orgId),
    }),
  );
}

export const platformStatisticsQuery = (orgId: string) =>
  queryOptions({
    queryKey: organizationKeys.statistics(orgId, 'second'),
    queryFn: ({ signal }) => getPlatformStatistics(orgId, signal),
    meta: { live: live(['devices'], orgId) },
  });

export const usePlatformStatistics = (orgId: string) => useQuery(platformStatisticsQuery(orgId));
