import { customerMatchesQuery } from '@/shared/api/customer-matches.ts';
import { organizationListQuery } from '@/shared/api/organization-list.ts';
import { prefetchQuietly, type RoutePrefetch } from '@/shared/navigation/route-data.ts';
import { parseCustomerSelection, selectionQuery } from './list/customer-list-filter.ts';

/** /account's reads: the customer list, and the customers behind a dashboard number when one is chosen. */
export const prefetchOrganizationList: RoutePrefetch = ({ queryClient, url }) => {
  prefetchQuietly(queryClient, organizationListQuery());
  const selection = parseCustomerSelection(url.searchParams);
  if (selection) prefetchQuietly(queryClient, customerMatchesQuery(selectionQuery(selection)));
};
