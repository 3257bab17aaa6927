import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { OrganizationListItem } from '@portal/contracts/organizations';
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo, ROUTE } from '../../../navigation/route-names.ts';
import { sitesQuery } from '../api/get-sites.ts';
import { type MapSite, SitesMap } from '../shared/SitesMap.tsx';

/** Sites are loaded per customer, so the map covers the first ones of the (searched) list. */
export const MAP_CUSTOMER_LIMIT = 25;
const ROW_HEIGHT = 60;

function CustomerList({ organizations }: { organizations: readonly OrganizationListItem[] }) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: organizations.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <Paper variant="outlined" ref={scrollRef} sx={{ height: { xs: 280, md: 560 }, overflow: 'auto' }}>
      <List
        aria-label={t('customers.list.mapCustomers')}
        sx={{ position: 'relative', height: virtualizer.getTotalSize(), py: 0 }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const organization = organizations[item.index]!;
          const issues = organization.devices.abnormal;
          return (
            <ListItem
              key={organization.id}
              disablePadding
              divider
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <ListItemButton
                component={Link}
                to={pathTo(ROUTE.ORGANIZATION_DETAIL_OVERVIEW, { orgId: organization.id })}
                sx={{ height: '100%' }}
              >
                <ListItemText
                  primary={organization.name}
                  secondary={
                    issues > 0
                      ? t('customers.list.abnormal', { count: issues })
                      : t('customers.list.sites', { count: organization.siteCount })
                  }
                  slotProps={{
                    primary: { noWrap: true },
                    secondary: { noWrap: true, color: issues > 0 ? 'warning.main' : 'text.secondary' },
                  }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}

/** Map mode of the customer list: the customers beside a map of their sites. */
export function OrganizationMapView({ organizations }: { organizations: readonly OrganizationListItem[] }) {
  const { t } = useTranslation();
  const shown = organizations.slice(0, MAP_CUSTOMER_LIMIT);
  const siteQueries = useQueries({
    queries: shown.map((organization) => ({
      ...sitesQuery(organization.id),
      meta: { hideNotification: true },
    })),
  });
  const sites: MapSite[] = shown.flatMap((organization, index) =>
    (siteQueries[index]?.data ?? []).map((site) => ({
      ...site,
      caption: organization.name,
      href: pathTo(ROUTE.ORGANIZATION_DETAIL_OVERVIEW, { orgId: organization.id }),
    })),
  );

  return (
    <Box>
      {organizations.length > MAP_CUSTOMER_LIMIT && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('customers.list.mapNotice', { shown: MAP_CUSTOMER_LIMIT, total: organizations.length })}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '320px minmax(0, 1fr)' } }}>
        <Box sx={{ order: { xs: 2, md: 1 } }}>
          <CustomerList organizations={organizations} />
        </Box>
        <Box sx={{ order: { xs: 1, md: 2 }, minWidth: 0 }}>
          <SitesMap sites={sites} height={560} />
        </Box>
      </Box>
    </Box>
  );
}
