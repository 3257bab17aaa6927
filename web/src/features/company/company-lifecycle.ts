import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { membersQueryOptions } from './api/get-members.ts';

export interface CompanyLifecycleOptions<TAccount> {
  /** The query holding the signed-in account (its data names the company). */
  accountKey: QueryKey;
  companyIdOf: (account: TAccount) => string | undefined;
  /** Query prefixes of company-scoped data (company, organizations, licenses) dropped when the company goes. */
  resetKeys: readonly QueryKey[];
}

/**
 * SPEC §4 login lifecycle: when a company id appears (sign-in) its members are loaded; when it disappears
 * (sign-out, failed account load) or changes, the company, organization and license data are reset.
 * Watches the query cache, so it works whoever signs in or out. Returns the unsubscribe function.
 */
export function watchCompanyLifecycle<TAccount>(
  queryClient: QueryClient,
  options: CompanyLifecycleOptions<TAccount>,
): () => void {
  const cache = queryClient.getQueryCache();
  const accountHash = JSON.stringify(options.accountKey);
  let current: string | undefined;

  const read = () => {
    const account = queryClient.getQueryData<TAccount>(options.accountKey);
    return account === undefined ? undefined : options.companyIdOf(account);
  };

  const apply = (next: string | undefined) => {
    if (next === current) return;
    const previous = current;
    current = next;
    if (previous !== undefined) {
      for (const queryKey of options.resetKeys) queryClient.removeQueries({ queryKey });
    }
    if (next !== undefined) void queryClient.prefetchQuery(membersQueryOptions(next));
  };

  apply(read());
  return cache.subscribe((event) => {
    if (event.query.queryHash !== accountHash) return;
    if (event.type === 'removed') apply(undefined);
    else if (event.type === 'updated' || event.type === 'added') apply(read());
  });
}
