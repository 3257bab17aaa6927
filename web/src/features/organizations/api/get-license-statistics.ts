import { type LicenseStatistics, licenseStatisticsSchema } from '@portal/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { segment, userPortalApi } from '@/shared/api/clients.ts';
import { live } from '@/shared/live/live-meta.ts';
import { organizationKeys } from './query-keys.ts';

/** GET /organizations/{orgId}/license-statistics: licenses by type and the unlicensed devices by site. */
export async function getLicenseStatistics(orgId: string, signal?: AbortSignal): Promise<LicenseStatistics> {
  return licenseStatisticsSchema.parse(
    await userPortalApi(`/organizations/${segment(orgId)}/license-statistics`, { signal }),
  );
}

export const licenseStatisticsQuery = (orgId: string) =>
  queryOptions({
    queryKey: organizationKeys.licenseStatistics(orgId),
    queryFn: ({ signal }) => getLicenseStatistics(orgId, signal),
    meta: { live: live(['devices'], orgId) },
  });

export const useLicenseStatistics = (orgId: string) => useQuery(licenseStatisticsQuery(orgId));
