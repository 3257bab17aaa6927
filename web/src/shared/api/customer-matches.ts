import { type CustomerMatches, customerMatchesSchema } from '@portal/contracts/statistics';
import { queryOptions } from '@tanstack/react-query';
import { live } from '@/shared/live/live-meta.ts';
import { userPortalApi } from './clients.ts';
import { organizationKeys } from './query-keys.ts';

/**
 * GET /companies/statistics/customers?{selection}: per customer, the devices or licenses one dashboard
 * number counts, counted as the customer's device tab filters them (one state per device).
 */
export async function getCustomerMatches(query: string, signal?: AbortSignal): Promise<CustomerMatches> {
  return customerMatchesSchema.parse(
    await userPortalApi(`/companies/statistics/customers?${query}`, { signal }),
  );
}

export const customerMatchesQuery = (query: string) =>
  queryOptions({
    queryKey: organizationKeys.matches(query),
    queryFn: ({ signal }) => getCustomerMatches(query, signal),
    // Devices in a state, open incidents, licenses: what live changes move.
    meta: { live: live(['devices', 'incidents']) },
  });
