import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { platformDevicesQuery } from '../../api/get-platform-devices.ts';
import { useSites } from '../../api/get-sites.ts';
import type { DeviceRow } from './device-row.ts';
import { type LoadState, loadStateOf, summarizeSiteLoading } from './site-loading.ts';

export interface OrganizationDevices {
  rows: DeviceRow[];
  sites: { id: string; name: string; hasDeviceStatus: boolean }[];
  sitesLoaded: boolean;
  first: LoadState;
  second: LoadState;
  /** SPEC §4: loading if either platform loads, success only if both succeed. */
  summary: LoadState;
  failedSites: { platform: 'first' | 'second'; name: string }[];
  retry: () => void;
}

/** Every device of both platforms of one customer, in one list, sites sorted by name. */
export function useOrganizationDevices(orgId: string): OrganizationDevices {
  const sites = useSites(orgId);
  const firstQuery = platformDevicesQuery(orgId, 'first');
  const secondQuery = platformDevicesQuery(orgId, 'second');
  const first = useQuery({ ...firstQuery, meta: { ...firstQuery.meta, hideNotification: true } });
  const second = useQuery({ ...secondQuery, meta: { ...secondQuery.meta, hideNotification: true } });
  // A platform's devices reach the screen in a render of their own, a transition React slices: drawing the
  // list does not block a phone's main thread when they arrive or are refetched (a query's update alone
  // renders synchronously). The rows themselves come built from the query (platformDevicesQuery).
  const firstData = useDeferredValue(first.data);
  const secondData = useDeferredValue(second.data);

  const siteList = useMemo(() => {
    const flagged = new Set(
      [...(firstData?.statuses ?? []), ...(secondData?.statuses ?? [])]
        .filter((status) => status.hasDeviceStatus)
        .map((status) => status.id),
    );
    return (sites.data ?? [])
      .map((site) => ({ id: site.id, name: site.name, hasDeviceStatus: flagged.has(site.id) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [sites.data, firstData, secondData]);

  const rows = useMemo(
    () => [...(firstData?.rows ?? []), ...(secondData?.rows ?? [])],
    [firstData, secondData],
  );

  // Loading for the screen until the first answer is on it (a refetch keeps the rows shown meanwhile).
  const firstState = first.data && !firstData ? 'loading' : loadStateOf(first.status);
  const secondState = second.data && !secondData ? 'loading' : loadStateOf(second.status);
  return {
    rows,
    sites: siteList,
    sitesLoaded: sites.isSuccess,
    first: firstState,
    second: secondState,
    summary: summarizeSiteLoading(firstState, secondState),
    failedSites: [
      ...(firstData?.failedSites ?? []).map((site) => ({ platform: 'first' as const, name: site.name })),
      ...(secondData?.failedSites ?? []).map((site) => ({ platform: 'second' as const, name: site.name })),
    ],
    retry: () => {
      if (sites.isError) void sites.refetch();
      if (first.isError || (first.data?.failedSites.length ?? 0) > 0) void first.refetch();
      if (second.isError || (second.data?.failedSites.length ?? 0) > 0) void second.refetch();
    },
  };
}
