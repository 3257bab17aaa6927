import { useRouteLoaderData } from 'react-router';
import type { AccountState } from '../../features/auth/account-state.ts';
import { AUTHENTICATED_ROUTE_ID } from './route-ids.ts';

/** The signed-in account, or undefined on public pages. */
export function useAccount(): AccountState | undefined {
  return useRouteLoaderData(AUTHENTICATED_ROUTE_ID) as AccountState | undefined;
}
