import { type OrganizationListItem, organizationListSchema } from '@portal/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userPortalApi } from './clients.ts';
import { dashboardKeys } from './query-keys.ts';

/** GET /companies/organizations (user portal): each customer's license state, for the maturity list. */
export async function getCustomers(signal?: AbortSignal): Promise<OrganizationListItem[]> {
  return organizationListSchema.parse(
    await userPortalApi('/companies/organizations', signal ? { signal } : {}),
  ).items;
}

export const customersQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.customers(),
    queryFn: ({ signal }) => getCustomers(signal),
    meta: { hideNotification: true },
  });

export const useCustomers = () => useQuery(customersQuery());
