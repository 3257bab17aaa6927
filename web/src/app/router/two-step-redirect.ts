import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { setTwoStepRequiredHandler } from '@/shared/lib/api-client.ts';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { ACCOUNT_QUERY_KEY } from '@/shared/session/account-query.ts';

/**
 * Issue 25 item 7: any call the server refuses with 403 MFA_REQUIRED (the company has just required two-step
 * sign-in, or the owner reset the member's) takes the member to the setup page, never to a raw error.
 */
export function sendToTwoStepSetupOnRefusal(router: DataRouter, queryClient: QueryClient): void {
  const setup = pathTo(ROUTE.TWO_STEP_SETUP);
  setTwoStepRequiredHandler(() => {
    // A cached account would let the guard through; one being loaded is left alone (removing it would cancel
    // the guard's load, which then signs the user out): its loader sees the refusal itself.
    queryClient.removeQueries({
      queryKey: ACCOUNT_QUERY_KEY,
      predicate: (query) => query.state.fetchStatus !== 'fetching',
    });
    const { location, navigation } = router.state;
    if (location.pathname === setup || navigation.location?.pathname === setup) return;
    void router.navigate(setup, { replace: true });
  });
}
