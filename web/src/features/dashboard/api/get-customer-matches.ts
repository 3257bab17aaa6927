import { type CustomerMatches, customerMatchesSchema } from '@portal/contracts/statistics';
import { queryOptions, type UseQueryResult, useQueries } from '@tanstack/react-query';
import { userPortalApi } from './clients.ts';
import { dashboardKeys } from './query-keys.ts';

/**
 * GET /companies/statistics/customers: per customer, the devices in a SPEC §4 license state, counted as
 * the customer's device tab filters them (one state per device), for the customers to follow up.
 */
export const ATTENTION_SELECTIONS = {
  expired: 'deviceLicense=expired',
  expireSoon: 'deviceLicense=expiring',
  unlicensed: 'license=unlicensed',
} as const;
export type AttentionColumn = keyof typeof ATTENTION_SELECTIONS;

export async function getCustomerMatches(query: string, signal?: AbortSignal): Promise<CustomerMatches> {
  return customerMatchesSchema.parse(
    await userPortalApi(`/companies/statistics/customers?${query}`, signal ? { signal } : {}),
  );
}

const customerMatchesQuery = (query: string) =>
  queryOptions({
    queryKey: dashboardKeys.customerMatches(query),
    queryFn: ({ signal }) => getCustomerMatches(query, signal),
    meta: { hideNotification: true },
  });

const COLUMNS = Object.keys(ATTENTION_SELECTIONS) as AttentionColumn[];

// Module-level, so TanStack Query re-runs it only when a result changes and `data` keeps its identity.
function combineMatches(results: UseQueryResult<CustomerMatches>[]) {
  return {
    results,
    data: results.every((result) => result.data)
      ? (Object.fromEntries(COLUMNS.map((column, index) => [column, results[index]!.data!])) as Record<
          AttentionColumn,
          CustomerMatches
        >)
      : undefined,
  };
}

/** The three attention columns; `data` once all three have answered. */
export function useAttentionMatches() {
  return useQueries({
    queries: COLUMNS.map((column) => customerMatchesQuery(ATTENTION_SELECTIONS[column])),
    combine: combineMatches,
  });
}
