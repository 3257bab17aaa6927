import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { data, redirect } from 'react-router';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { isNetworkFailure, OfflineError } from '@/shared/offline/offline-error.ts';
import { ACCOUNT_QUERY_KEY, accountQueryOptions } from '@/shared/session/account-query.ts';
import type { AccountState } from '@/shared/session/account-state.ts';
import type { SessionPort } from '@/shared/session/session.ts';
import { TwoStepSetupRequiredError } from '@/shared/session/two-step-setup-required.ts';
import { type AccessRule, canAccess } from './access.ts';

export interface GuardDeps {
  session: SessionPort;
  queryClient: QueryClient;
}

/**
 * The navigation guard of SPEC §2 as loader helpers: no session → /login; company info failing to load
 * → sign out → /login (the server unreachable → the offline screen; the company's two-step policy not met
 * → the two-step setup page); role, vendor or hierarchy check failing → not found (a 404 the error boundary shows).
 */
export function createGuard({ session, queryClient }: GuardDeps) {
  async function requireAccount(): Promise<AccountState> {
    if (!(await session.current())) throw redirect(pathTo(ROUTE.LOGIN));
    // Offline, the company info is either cached or cannot load (a paused query would wait for ever): the
    // offline screen, not a sign-out, which would throw away a session that is still good.
    if (!onlineManager.isOnline() && queryClient.getQueryData(ACCOUNT_QUERY_KEY) === undefined) {
      throw new OfflineError();
    }
    try {
      return await queryClient.ensureQueryData(accountQueryOptions(session));
    } catch (error) {
      if (isNetworkFailure(error)) throw new OfflineError({ cause: error });
      // Signed in, but held back by the company's two-step policy: to the setup page, still signed in.
      if (error instanceof TwoStepSetupRequiredError) throw redirect(pathTo(ROUTE.TWO_STEP_SETUP));
      queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
      await session.signOut().catch(() => undefined);
      throw redirect(pathTo(ROUTE.LOGIN));
    }
  }

  async function requireAccess(rule: AccessRule): Promise<AccountState> {
    const account = await requireAccount();
    if (!canAccess(rule, account)) throw data(null, { status: 404 });
    return account;
  }

  async function requireSignedOut(): Promise<null> {
    if (await session.current()) throw redirect(pathTo(ROUTE.ROOT));
    return null;
  }

  /** The two-step setup page: signed in, whatever the account (it cannot load until the setup is done). */
  async function requireSession(): Promise<null> {
    if (!(await session.current())) throw redirect(pathTo(ROUTE.LOGIN));
    return null;
  }

  function requireNewPasswordChallenge(): null {
    if (!session.hasPendingNewPasswordChallenge()) throw redirect(pathTo(ROUTE.LOGIN));
    return null;
  }

  function requireTwoStepChallenge(): null {
    if (!session.hasPendingTwoStep()) throw redirect(pathTo(ROUTE.LOGIN));
    return null;
  }

  return {
    requireAccount,
    requireAccess,
    requireSignedOut,
    requireSession,
    requireNewPasswordChallenge,
    requireTwoStepChallenge,
    queryClient,
  };
}

export type Guard = ReturnType<typeof createGuard>;
