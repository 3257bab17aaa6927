import type { Platform } from '@portal/contracts/devices';
import type { FirstPlatformDevice, Site, SiteStatus } from '@portal/contracts/organizations';
import type { SecondPlatformDevice } from '@portal/contracts/platform';
import { queryOptions } from '@tanstack/react-query';
import { live } from '@/shared/live/live-meta.ts';
import { getFirstPlatformSiteDevices, getSecondPlatformSiteDevices } from './get-site-devices.ts';
import { getSiteStatuses } from './get-site-statuses.ts';
import { sitesQuery } from './get-sites.ts';
import { organizationKeys } from './query-keys.ts';
import { settleEach } from './settle-each.ts';

export interface PlatformDeviceLoad<D> {
  devices: D[];
  statuses: SiteStatus[];
  /** Sites whose device request failed: shown as a partial failure, not fatal (SPEC §8). */
  failedSites: Site[];
}

type DevicesOf<P extends Platform> = P extends 'first' ? FirstPlatformDevice : SecondPlatformDevice;

/**
 * One platform's part of the device tab: the sites (shared query, cursor-followed), that platform's site
 * status (cursor-followed), then every site's devices, six requests at a time. The load fails only when the
 * site lists fail; a failing site is reported in `failedSites`.
 */
export const platformDevicesQuery = <P extends Platform>(orgId: string, platform: P) =>
  queryOptions({
    queryKey: organizationKeys.devices(orgId, platform),
    queryFn: async ({ client, signal }): Promise<PlatformDeviceLoad<DevicesOf<P>>> => {
      const [sites, statuses] = await Promise.all([
        client.ensureQueryData(sitesQuery(orgId)),
        getSiteStatuses(orgId, platform, signal),
      ]);
      const load = (site: Site): Promise<DevicesOf<P>[]> =>
        (platform === 'first'
          ? getFirstPlatformSiteDevices(site.id, signal)
          : getSecondPlatformSiteDevices(orgId, site.id, signal)) as Promise<DevicesOf<P>[]>;
      const settled = await settleEach(sites, load);
      return {
        devices: settled.values.flat(),
        statuses,
        failedSites: settled.failures.map((failure) => failure.key),
      };
    },
    meta: { live: live(['devices'], orgId) },
  });
