import type { LoaderFunctionArgs } from 'react-router';
import type { RoutePrefetch } from '@/shared/navigation/route-data.ts';
import type { AccountState } from '@/shared/session/account-state.ts';
import type { AccessRule } from './access.ts';
import type { Guard } from './guard.ts';

/**
 * Each page's data prefetch (`features/<name>/route-data.ts`), a small chunk of its own: loaded on demand
 * like the pages, but much smaller, so its requests start while the page's code is still on its way.
 */
export const routeData = {
  dashboard: async () => (await import('@/features/dashboard/route-data.ts')).prefetchDashboard,
  organizationList: async () =>
    (await import('@/features/organizations/route-data.ts')).prefetchOrganizationList,
  organizationDetail: async () =>
    (await import('@/features/organizations/detail/route-data.ts')).prefetchOrganizationDetail,
  organizationDevices: async () =>
    (await import('@/features/organizations/detail/route-data.ts')).prefetchOrganizationDevices,
  incidents: async () => (await import('@/features/incidents/route-data.ts')).prefetchIncidents,
  partners: async () => (await import('@/features/partners/route-data.ts')).prefetchPartners,
} satisfies Record<string, () => Promise<RoutePrefetch>>;

/**
 * A route's loader that checks access as the guard does and then starts the page's reads (issue 24 item 3):
 * React Router runs it while it fetches the route's lazy page, so data and code arrive side by side. It does
 * not wait for the data; the page shows its skeletons until its queries (the same keys) have it.
 */
export function loaderWithData(guard: Guard, rule: AccessRule, load: () => Promise<RoutePrefetch>) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<AccountState> => {
    const prefetch = load();
    prefetch.catch(() => undefined); // a redirect or a 404 does not wait for it
    const account = await guard.requireAccess(rule);
    prefetch.then(
      (run) => run({ queryClient: guard.queryClient, params, url: new URL(request.url) }),
      () => undefined, // the page's own queries load the data when the prefetch's code could not
    );
    return account;
  };
}
