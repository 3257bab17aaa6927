import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { OrganizationListItem } from '@portal/contracts/organizations';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { ScopedLink } from '@/shared/navigation/scoped-link.tsx';
import { VIRTUAL_ROW } from '@/shared/ui/virtual-row.ts';
import { useSiteLocations } from '../api/get-site-locations.ts';
import { LazySitesMap } from '../shared/LazySitesMap.tsx';
import type { MapSite } from '../shared/SitesMap.tsx';

const ROW_HEIGHT = 60;
const ROW_PLACE = { ...VIRTUAL_ROW, height: ROW_HEIGHT };

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
              sx={ROW_PLACE}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <ListItemButton
                component={ScopedLink}
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

/** Map mode of the customer list: the customers beside a map of all their located sites. */
export function OrganizationMapView({ organizations }: { organizations: readonly OrganizationListItem[] }) {
  const { t } = useTranslation();
  const locations = useSiteLocations();
  const sites = useMemo<MapSite[]>(() => {
    const shown = new Map(organizations.map((organization) => [organization.id, organization]));
    return (locations.data ?? []).flatMap((site) => {
      const organization = shown.get(site.organizationId);
      if (!organization) return [];
      return [
        {
          ...site,
          caption: organization.name,
          href: pathTo(ROUTE.ORGANIZATION_DETAIL_OVERVIEW, { orgId: organization.id }),
        },
      ];
    });
  }, [organizations, locations.data]);

  return (
    <Box>
      {locations.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('customers.list.mapFailed')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '320px minmax(0, 1fr)' } }}>
        <Box sx={{ order: { xs: 2, md: 1 } }}>
          <CustomerList organizations={organizations} />
        </Box>
        <Box sx={{ order: { xs: 1, md: 2 }, minWidth: 0 }}>
          <LazySitesMap sites={sites} height={560} />
        </Box>
      </Box>
    </Box>
  );
}
