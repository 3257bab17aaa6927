import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { RouteTabs } from '@/shared/navigation/RouteTabs.tsx';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { useAccount } from '@/shared/session/use-account.ts';

const COMPANY_TAB = { route: ROUTE.COMPANY, labelKey: 'companyTabs.company', to: pathTo(ROUTE.COMPANY) };
const NOTIFICATIONS_TAB = {
  route: ROUTE.COMPANY_NOTIFICATIONS,
  labelKey: 'companyTabs.notifications',
  to: pathTo(ROUTE.COMPANY_NOTIFICATIONS),
};
const ACTIVITY_TAB = {
  route: ROUTE.COMPANY_ACTIVITY,
  labelKey: 'companyTabs.activity',
  to: pathTo(ROUTE.COMPANY_ACTIVITY),
};

const DEALER_TABS = [COMPANY_TAB, NOTIFICATIONS_TAB, ACTIVITY_TAB] as const;
const PARTNER_TABS = [COMPANY_TAB, ACTIVITY_TAB] as const;

/**
 * /my-company: the company and its members; for dealers (whose customers have incidents) Notifications
 * (issue 15); for everyone Activity, the audit log (issue 27). Each tab is a route of its own, so a link
 * can open either.
 */
export function CompanySection() {
  const account = useAccount();
  return (
    <Box>
      <RouteTabs
        tabs={account?.user.role === 'dealer' ? DEALER_TABS : PARTNER_TABS}
        labelKey="companyTabs.label"
      />
      <Outlet />
    </Box>
  );
}
