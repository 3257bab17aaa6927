import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_KEY } from '../account-query.ts';
import type { AccountState } from '../account-state.ts';

/**
 * Asks for a dealer's company token as soon as the account has loaded (issue 24 item 3): every dealer page
 * reads with it, and it would otherwise be requested only by the page's first read, one round trip later.
 * Other roles read their first screens with the session token. Returns the unsubscribe function.
 */
export function warmCompanyTokenForDealers(
  queryClient: QueryClient,
  companyToken: () => Promise<unknown>,
): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryKey[0] !== ACCOUNT_QUERY_KEY[0]) return;
    const account = event.query.state.data as AccountState | undefined;
    if (account?.user.role === 'dealer') companyToken().catch(() => undefined); // the page's read asks again
  });
}
