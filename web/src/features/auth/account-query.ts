import { queryOptions } from '@tanstack/react-query';
import { changeLanguage } from '../../i18n/i18n.ts';
import type { AccountState } from './account-state.ts';
import type { SessionPort } from './session.ts';

/** Loads the account and switches to the language saved on the profile, so a sign-in restores the choice. */
async function loadAccountInItsLanguage(session: SessionPort): Promise<AccountState> {
  const account = await session.loadAccount();
  if (account.user.locale) await changeLanguage(account.user.locale);
  return account;
}

export const ACCOUNT_QUERY_KEY = ['account'] as const;

export function accountQueryOptions(session: SessionPort) {
  return queryOptions({
    queryKey: ACCOUNT_QUERY_KEY,
    queryFn: () => loadAccountInItsLanguage(session),
    staleTime: 5 * 60_000,
    retry: false,
    // The guard decides what a failure means (sign out and go to login); no toast.
    meta: { hideNotification: true },
  });
}
