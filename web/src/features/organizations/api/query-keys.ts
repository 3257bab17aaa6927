import type { Platform } from '@portal/contracts/devices';

export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  /** Every located site of every customer, for the customer list's map. */
  siteLocations: () => [...organizationKeys.all, 'site-locations'] as const,
  /** The customers behind one dashboard number (a selection's query string). */
  matches: (query: string) => [...organizationKeys.all, 'matches', query] as const,
  detail: (orgId: string) => [...organizationKeys.all, orgId] as const,
  info: (orgId: string) => [...organizationKeys.detail(orgId), 'info'] as const,
  metadata: (orgId: string) => [...organizationKeys.detail(orgId), 'metadata'] as const,
  statistics: (orgId: string, platform: Platform) =>
    [...organizationKeys.detail(orgId), 'statistics', platform] as const,
  licenseStatistics: (orgId: string) => [...organizationKeys.detail(orgId), 'license-statistics'] as const,
  services: (orgId: string) => [...organizationKeys.detail(orgId), 'services'] as const,
  sites: (orgId: string) => [...organizationKeys.detail(orgId), 'sites'] as const,
  devices: (orgId: string, platform: Platform) =>
    [...organizationKeys.detail(orgId), 'devices', platform] as const,
};
