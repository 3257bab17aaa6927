import { customerMatchesQuery } from '@/shared/api/customer-matches.ts';
import { everyIncidentQuery } from '@/shared/api/incidents.ts';
import { organizationListQuery } from '@/shared/api/organization-list.ts';
import { prefetchQuietly, type RoutePrefetch } from '@/shared/navigation/route-data.ts';
import { organizationInfoQuery } from './api/get-organization-info.ts';
import { platformDevicesQuery } from './api/get-platform-devices.ts';
import { parseCustomerSelection, selectionQuery } from './list/customer-list-filter.ts';

/** /account's reads: the customer list, and the customers behind a dashboard number when one is chosen. */
export const prefetchOrganizationList: RoutePrefetch = ({ queryClient, url }) => {
  prefetchQuietly(queryClient, organizationListQuery());
  const selection = parseCustomerSelection(url.searchParams);
  if (selection) prefetchQuietly(queryClient, customerMatchesQuery(selectionQuery(selection)));
};

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
