import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { UNGUARDED_NAVIGATION } from '@/shared/ui/use-leave-guard.tsx';
import { useLazyAuthServices } from '../AuthServicesContext.tsx';

export interface SignOutOptions {
  /** Where to go afterwards; the login page by default (SPEC §2 "After sign-out the user goes to login"). */
  to?: typeof ROUTE.LOGIN | typeof ROUTE.RESET_PASSWORD;
}

/**
 * Signs out: Amplify revokes the refresh token and forgets the session, every cached token and every
 * cached query is dropped, then the app goes to /login. For the account menu's Log Out:
 *
 *   const signOut = useSignOut();
 *   <MenuItem onClick={() => void signOut()}>…</MenuItem>
 */
export function useSignOut(): (options?: SignOutOptions) => Promise<void> {
  const services = useLazyAuthServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (options: SignOutOptions = {}) => {
      try {
        await services().session.signOut();
      } finally {
        // Leave the signed-in pages first, so no query of theirs refetches into the cleared cache. The session
        // is gone: an unsaved form has nothing to stay for, so its leave confirmation does not ask.
        await navigate(pathTo(options.to ?? ROUTE.LOGIN), { replace: true, state: UNGUARDED_NAVIGATION });
        queryClient.clear();
      }
    },
    [services, queryClient, navigate],
  );
}
