import { queryOptions } from '@tanstack/react-query';
import { settleLanguageAtSignIn } from './language/profile-language.ts';
import type { SessionPort } from './session.ts';

export const ACCOUNT_QUERY_KEY = ['account'] as const;

export function accountQueryOptions(session: SessionPort) {
  return queryOptions({
    queryKey: ACCOUNT_QUERY_KEY,
    queryFn: async () => settleLanguageAtSignIn(await session.loadAccount()),
    staleTime: 5 * 60_000,
    retry: false,
    // The guard decides what a failure means (sign out and go to login); no toast.
    meta: { hideNotification: true },
  });
}
