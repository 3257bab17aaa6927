import type { Platform } from '@portal/contracts/devices';
import { type SiteStatus, siteStatusPageSchema } from '@portal/contracts/organizations';
import { monitoringApi, segment, userPortalApi } from '@/shared/api/clients.ts';
import { followCursor } from './follow-cursor.ts';

/**
 * The sites' status of one platform, following the cursor: the first platform's from the user portal
 * (GET /organizations/{orgId}/sites-status), the second's from the monitoring centre
 * (GET /v2/organizations/{orgId}/sites-status). Used by the device loaders, which own the queries.
 */
export async function getSiteStatuses(
  orgId: string,
  platform: Platform,
  signal?: AbortSignal,
): Promise<SiteStatus[]> {
  const fetchPage =
    platform === 'first'
      ? (cursor: string | undefined) =>
          userPortalApi(`/organizations/${segment(orgId)}/sites-status`, { query: { cursor }, signal })
      : (cursor: string | undefined) =>
          monitoringApi(`/v2/organizations/${segment(orgId)}/sites-status`, { query: { cursor }, signal });
  return followCursor(async (cursor) => siteStatusPageSchema.parse(await fetchPage(cursor)));
}
