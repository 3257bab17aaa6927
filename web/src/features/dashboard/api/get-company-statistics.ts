import { type CompanyStatistics, companyStatisticsSchema } from '@portal/contracts/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userPortalApi } from '@/shared/api/clients.ts';
import { live } from '@/shared/live/live-meta.ts';
import { dashboardKeys } from './query-keys.ts';

/** GET /companies/statistics (user portal): devices, incidents and license maturity of the dealer. */
export async function getCompanyStatistics(signal?: AbortSignal): Promise<CompanyStatistics> {
  return companyStatisticsSchema.parse(
    await userPortalApi('/companies/statistics', signal ? { signal } : {}),
  );
}

/** Errors are shown on the cards themselves, not as toasts. Device and incident changes refetch it. */
export const companyStatisticsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.statistics(),
    queryFn: ({ signal }) => getCompanyStatistics(signal),
    meta: { hideNotification: true, live: live(['devices', 'incidents']) },
  });

export const useCompanyStatistics = () => useQuery(companyStatisticsQuery());
