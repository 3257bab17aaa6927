import { type Site, sitePageSchema } from '@portal/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { segment, userPortalApi } from '@/shared/api/clients.ts';
import { live } from '@/shared/live/live-meta.ts';
import { followCursor } from './follow-cursor.ts';
import { organizationKeys } from './query-keys.ts';

/** GET /organizations/{orgId}/sites, following `next_cursor` until it is empty. */
export async function getSites(orgId: string, signal?: AbortSignal): Promise<Site[]> {
  return followCursor(async (cursor) =>
    sitePageSchema.parse(
      await userPortalApi(`/organizations/${segment(orgId)}/sites`, { query: { cursor }, signal }),
    ),
  );
}

export const sitesQuery = (orgId: string) =>
  queryOptions({
    queryKey: organizationKeys.sites(orgId),
    queryFn: ({ signal }) => getSites(orgId, signal),
    // Each site's hasDeviceError.
    meta: { live: live(['devices'], orgId) },
  });

export const useSites = (orgId: string) => useQuery(sitesQuery(orgId));
