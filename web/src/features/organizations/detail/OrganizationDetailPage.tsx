import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches, useParams } from 'react-router';
import { pathTo, ROUTE } from '../../../navigation/route-names.ts';

const TABS = [
  { route: ROUTE.ORGANIZATION_DETAIL_OVERVIEW, labelKey: 'organizationDetail.overview' },
  { route: ROUTE.ORGANIZATION_DETAIL_DEVICE, labelKey: 'organizationDetail.device' },
  { route: ROUTE.ORGANIZATION_DETAIL_LICENSE, labelKey: 'organizationDetail.license' },
] as const;

/** Customer detail frame: the overview, device and license tabs, each a child route. */
export function OrganizationDetailPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const matchedIds = new Set(useMatches().map((match) => match.id));
  const active = TABS.find((tab) => matchedIds.has(tab.route))?.route ?? false;

  return (
    <Box>
      <Tabs value={active} aria-label={t('organizationDetail.tabs')} sx={{ mb: 3 }}>
        {TABS.map((tab) => (
          <Tab
            key={tab.route}
            value={tab.route}
            label={t(tab.labelKey)}
            component={Link}
            to={pathTo(tab.route, { orgId })}
          />
        ))}
      </Tabs>
      <Outlet />
    </Box>
  );
}
