import { incidentPagesQuery } from '@/shared/api/incidents.ts';
import { organizationListQuery } from '@/shared/api/organization-list.ts';
import {
  prefetchFirstPageQuietly,
  prefetchQuietly,
  type RoutePrefetch,
} from '@/shared/navigation/route-data.ts';
import { parsePageFilters, toQueryFilters } from './incident-filters.ts';

/** /incidents' reads: the first page for the URL's filters, and the customers (their names in the rows). */
export const prefetchIncidents: RoutePrefetch = ({ queryClient, url }) => {
  prefetchFirstPageQuietly(
    queryClient,
    incidentPagesQuery(toQueryFilters(parsePageFilters(url.searchParams))),
  );
  prefetchQuietly(queryClient, organizationListQuery());
};
