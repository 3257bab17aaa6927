import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches } from 'react-router';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { useAccount } from '@/shared/session/use-account.ts';

const TABS = [
  { route: ROUTE.COMPANY, labelKey: 'companyTabs.company' },
  { route: ROUTE.COMPANY_NOTIFICATIONS, labelKey: 'companyTabs.notifications' },
] as const;

/**
 * /my-company: the company and its members, and for dealers (whose customers have incidents) a second tab,
 * Notifications (issue 15). Each tab is a route of its own, so a link can open either.
 */
export function CompanySection() {
  const { t } = useTranslation();
  const account = useAccount();
  const matchedIds = new Set(useMatches().map((match) => match.id));
  const active = TABS.find((tab) => matchedIds.has(tab.route))?.route ?? false;
  if (account?.user.role !== 'dealer') return <Outlet />;
  return (
    <Box>
      <Tabs
        value={active}
        aria-label={t('companyTabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.route}
            value={tab.route}
            label={t(tab.labelKey)}
            component={Link}
            to={pathTo(tab.route)}
          />
        ))}
      </Tabs>
      <Outlet />
    </Box>
  );
}
