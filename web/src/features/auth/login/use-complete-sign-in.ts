import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { ACCOUNT_QUERY_KEY } from '@/shared/session/account-query.ts';
import { noteSignIn } from '@/shared/session/language/profile-language.ts';

/**
 * After a successful sign-in: forget any earlier account and go to ROOT, which lands by role; loading the
 * account there restores the language saved on the profile (profile-language.ts).
 */
export function useCompleteSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
    noteSignIn();
    await navigate(pathTo(ROUTE.ROOT), { replace: true });
  }, [queryClient, navigate]);
}
