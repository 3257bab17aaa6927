import { everyIncidentQuery } from '@/shared/api/incidents.ts';
import { prefetchQuietly, type RoutePrefetch } from '@/shared/navigation/route-data.ts';
import { organizationInfoQuery } from '../api/get-organization-info.ts';
import { platformDevicesQuery } from '../api/get-platform-devices.ts';

/** /account/{orgId}/…: the customer's name and references, which every tab's header shows. */
export const prefetchOrganizationDetail: RoutePrefetch = ({ queryClient, params }) => {
  if (params.orgId) prefetchQuietly(queryClient, organizationInfoQuery(params.orgId));
};

/** /account/{orgId}/device: both platforms' devices (the sites first, inside them) and the open incidents. */
export const prefetchOrganizationDevices: RoutePrefetch = ({ queryClient, params }) => {
  const orgId = params.orgId;
  if (!orgId) return;
  prefetchQuietly(queryClient, platformDevicesQuery(orgId, 'first'));
  prefetchQuietly(queryClient, platformDevicesQuery(orgId, 'second'));
  prefetchQuietly(queryClient, everyIncidentQuery({ state: 'open', organizationId: orgId }));
};
