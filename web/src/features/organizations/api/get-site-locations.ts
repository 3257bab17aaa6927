import { type SiteLocation, siteLocationPageSchema } from '@portal/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userPortalApi } from '@/shared/api/clients.ts';
import { followCursor } from './follow-cursor.ts';
import { organizationKeys } from './query-keys.ts';

/**
 * GET /companies/site-locations: the located sites of all the dealer's customers (2,000 a page), so the map
 * shows every customer in one or two requests instead of one request per customer.
 */
export async function getSiteLocations(signal?: AbortSignal): Promise<SiteLocation[]> {
  return followCursor(async (cursor) =>
    siteLocationPageSchema.parse(
      await userPortalApi('/companies/site-locations', { query: { cursor }, signal }),
    ),
  );
}

export const siteLocationsQuery = () =>
  queryOptions({
    queryKey: organizationKeys.siteLocations(),
    queryFn: ({ signal }) => getSiteLocations(signal),
  });

export const useSiteLocations = () => useQuery(siteLocationsQuery());
