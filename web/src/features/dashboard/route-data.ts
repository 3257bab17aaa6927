import { customerMatchesQuery } from '@/shared/api/customer-matches.ts';
import { organizationListQuery } from '@/shared/api/organization-list.ts';
import { prefetchQuietly, type RoutePrefetch } from '@/shared/navigation/route-data.ts';
import { companyStatisticsQuery } from './api/get-company-statistics.ts';
import { ATTENTION_SELECTIONS } from './api/get-customer-matches.ts';
import { licenseInfoQuery } from './api/get-license-info.ts';
import { licenseQuantityQuery } from './api/get-license-quantity.ts';

/** /dashboard's reads, started by its route's loader beside the page's code. */
export const prefetchDashboard: RoutePrefetch = ({ queryClient }) => {
  prefetchQuietly(queryClient, companyStatisticsQuery());
  prefetchQuietly(queryClient, licenseInfoQuery());
  prefetchQuietly(queryClient, licenseQuantityQuery());
  prefetchQuietly(queryClient, organizationListQuery());
  for (const selection of Object.values(ATTENTION_SELECTIONS))
    prefetchQuietly(queryClient, customerMatchesQuery(selection));
};
