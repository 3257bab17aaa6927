import { useRouteLoaderData } from 'react-router';
import { AUTHENTICATED_ROUTE_ID } from '@/shared/navigation/route-ids.ts';
import type { AccountState } from './account-state.ts';

/** The signed-in account, or undefined on public pages. */
export function useAccount(): AccountState | undefined {
  return useRouteLoaderData(AUTHENTICATED_ROUTE_ID) as AccountState | undefined;
}
