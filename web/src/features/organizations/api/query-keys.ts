import type { Platform } from '@portal/contracts/devices';
import { organizationKeys as shared } from '@/shared/api/query-keys.ts';

/** The shared list and matches keys (shared/api), and this feature's own queries under the same root. */
export const organizationKeys = {
  ...shared,
  /** Every located site of every customer, for the customer list's map. */
  siteLocations: () => [...organizationKeys.all, 'site-locations'] as const,
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
