import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { RouteTabs } from '@/shared/navigation/RouteTabs.tsx';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { useAccount } from '@/shared/session/use-account.ts';

const TABS = [
  { route: ROUTE.COMPANY, labelKey: 'companyTabs.company', to: pathTo(ROUTE.COMPANY) },
  {
    route: ROUTE.COMPANY_NOTIFICATIONS,
    labelKey: 'companyTabs.notifications',
    to: pathTo(ROUTE.COMPANY_NOTIFICATIONS),
  },
] as const;

/**
 * /my-company: the company and its members, and for dealers (whose customers have incidents) a second tab,
 * Notifications (issue 15). Each tab is a route of its own, so a link can open either.
 */
export function CompanySection() {
  const account = useAccount();
  if (account?.user.role !== 'dealer') return <Outlet />;
  return (
    <Box>
      <RouteTabs tabs={TABS} labelKey="companyTabs.label" />
      <Outlet />
    </Box>
  );
}
