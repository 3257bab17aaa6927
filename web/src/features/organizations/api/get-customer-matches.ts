import {
  type CustomerMatches,
  type CustomerSelection,
  customerMatchesSchema,
} from '@portal/contracts/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { selectionQuery } from '../list/customer-list-filter.ts';
import { userPortalApi } from './clients.ts';
import { organizationKeys } from './query-keys.ts';

/** GET /companies/statistics/customers: the customers behind one dashboard number, with their counts. */
export async function getCustomerMatches(query: string, signal?: AbortSignal): Promise<CustomerMatches> {
  return customerMatchesSchema.parse(
    await userPortalApi(`/companies/statistics/customers?${query}`, { signal }),
  );
}

export const customerMatchesQuery = (query: string) =>
  queryOptions({
    queryKey: organizationKeys.matches(query),
    queryFn: ({ signal }) => getCustomerMatches(query, signal),
  });

/** Idle (no request) without a selection. */
export function useCustomerMatches(selection: CustomerSelection | null) {
  const query = selection ? selectionQuery(selection) : '';
  return useQuery({ ...customerMatchesQuery(query), enabled: selection !== null });
}
