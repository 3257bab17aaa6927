import type { CustomerMatches } from '@portal/contracts/statistics';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { customerMatchesQuery } from '@/shared/api/customer-matches.ts';

/** The selections of the customers to follow up: devices in a SPEC §4 license state, unlicensed devices. */
export const ATTENTION_SELECTIONS = {
  expired: 'deviceLicense=expired',
  expireSoon: 'deviceLicense=expiring',
  unlicensed: 'license=unlicensed',
} as const;
export type AttentionColumn = keyof typeof ATTENTION_SELECTIONS;

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
    queries: COLUMNS.map((column) => ({
      ...customerMatchesQuery(ATTENTION_SELECTIONS[column]),
      meta: { ...customerMatchesQuery(ATTENTION_SELECTIONS[column]).meta, hideNotification: true },
    })),
    combine: combineMatches,
  });
}
