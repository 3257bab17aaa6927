import type { Platform } from '@portal/contracts/devices';
import type { Site, SiteStatus } from '@portal/contracts/organizations';
import { queryOptions } from '@tanstack/react-query';
import { live } from '@/shared/live/live-meta.ts';
import { type DeviceRow, firstPlatformRow, secondPlatformRow } from '../detail/device/device-row.ts';
import { todayIso } from '../shared/license-state.ts';
import { getFirstPlatformSiteDevices, getSecondPlatformSiteDevices } from './get-site-devices.ts';
import { getSiteStatuses } from './get-site-statuses.ts';
import { sitesQuery } from './get-sites.ts';
import { organizationKeys } from './query-keys.ts';
import { settleEach } from './settle-each.ts';

export interface PlatformDeviceLoad {
  /** The platform's devices as the device tab's rows, built as each site's answer is parsed. */
  rows: DeviceRow[];
  statuses: SiteStatus[];
  /** Sites whose device request failed: shown as a partial failure, not fatal (SPEC §8). */
  failedSites: Site[];
}

/**
 * One platform's part of the device tab: the sites (shared query, cursor-followed), that platform's site
 * status (cursor-followed), then every site's devices, six requests at a time. The load fails only when the
 * site lists fail; a failing site is reported in `failedSites`.
 *
 * The rows are built here, a slice of devices at a time between the browser's other work: built in a render,
 * 5,000 of them were one task of ~25 ms of a desktop's CPU (×4 on a phone), once per platform's answer.
 */
export const platformDevicesQuery = (orgId: string, platform: Platform) =>
  queryOptions({
    queryKey: organizationKeys.devices(orgId, platform),
    queryFn: async ({ client, signal }): Promise<PlatformDeviceLoad> => {
      const [sites, statuses] = await Promise.all([
        client.ensureQueryData(sitesQuery(orgId)),
        getSiteStatuses(orgId, platform, signal),
      ]);
      const siteNames = new Map(sites.map((site) => [site.id, site.name]));
      const today = todayIso();
      const load = (site: Site): Promise<DeviceRow[]> =>
        platform === 'first'
          ? getFirstPlatformSiteDevices(
              site.id,
              (device) => firstPlatformRow(device, siteNames, today),
              signal,
            )
          : getSecondPlatformSiteDevices(
              orgId,
              site.id,
              (device) => secondPlatformRow(device, siteNames, today),
              signal,
            );
      const settled = await settleEach(sites, load);
      // SPEC §4: a platform none of whose sites answered has failed to load, not loaded with a warning.
      if (sites.length > 0 && settled.values.length === 0) throw settled.failures[0]?.reason;
      return {
        rows: settled.values.flat(),
        statuses,
        failedSites: settled.failures.map((failure) => failure.key),
      };
    },
    meta: { live: live(['devices'], orgId) },
  });
