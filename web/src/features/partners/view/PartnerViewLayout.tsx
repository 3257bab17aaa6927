import ArrowBack from '@mui/icons-material/ArrowBack';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '@/shared/lib/api-error.ts';
import { useLiveUpdates } from '@/shared/live/use-live-updates.ts';
import { type RouteTab, RouteTabs } from '@/shared/navigation/RouteTabs.tsx';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { CompanyScopeProvider } from '@/shared/session/company-scope.tsx';
import { useAccount } from '@/shared/session/use-account.ts';
import { usePartnerScorecard } from '../api/partners.ts';
import { isDealer } from '../model/partner-links.ts';

/**
 * /partners/{companyId}/view/… (issue 16's drill-down): a dealer's own pages, read-only, under the banner
 * 'Viewing <dealer> as <caller>' with the way back. The pages below run in the dealer's company scope:
 * its read-only tokens, a cache of their own, write actions left out, and the dealer's change stream, so
 * they follow its devices and incidents without a reload as the dealer's own screens do.
 */
const sectionsOf = (companyId: string): RouteTab[] => [
  {
    route: ROUTE.PARTNER_VIEW_DASHBOARD,
    labelKey: 'partners.view.dashboard',
    to: pathTo(ROUTE.PARTNER_VIEW_DASHBOARD, { companyId }),
  },
  {
    route: ROUTE.PARTNER_VIEW_CUSTOMERS,
    labelKey: 'partners.view.customers',
    to: pathTo(ROUTE.PARTNER_VIEW_CUSTOMERS, { companyId }),
    alsoOn: [ROUTE.PARTNER_VIEW_CUSTOMER_DETAIL],
  },
  {
    route: ROUTE.PARTNER_VIEW_INCIDENTS,
    labelKey: 'partners.view.incidents',
    to: pathTo(ROUTE.PARTNER_VIEW_INCIDENTS, { companyId }),
  },
];

export function PartnerViewLayout() {
  const { t } = useTranslation();
  const { companyId = '' } = useParams();
  const account = useAccount();
  const dealer = usePartnerScorecard(companyId, { hideNotification: true });

  if (dealer.isPending) return <Skeleton variant="rounded" height={56} />;
  if (dealer.isError || !isDealer(dealer.data)) {
    const missing = !dealer.isError || (dealer.error instanceof ApiError && dealer.error.status === 404);
    return (
      <Alert
        severity={missing ? 'info' : 'error'}
        action={
          <Button color="inherit" size="small" component={RouterLink} to={pathTo(ROUTE.PARTNERS)}>
            {t('partners.view.back')}
          </Button>
        }
      >
        {t(missing ? 'partners.view.notADealer' : 'partners.loadFailed')}
      </Alert>
    );
  }

  return (
    <>
      <Alert
        severity="info"
        icon={<VisibilityOutlined />}
        data-testid="partner-view-banner"
        action={
          <Button
            color="inherit"
            size="small"
            startIcon={<ArrowBack />}
            component={RouterLink}
            to={pathTo(ROUTE.PARTNERS)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('partners.view.back')}
          </Button>
        }
        sx={{ mb: 2, alignItems: 'center' }}
      >
        {t('partners.view.banner', { dealer: dealer.data.name, caller: account?.company.name ?? '' })}
        {' · '}
        {t('partners.view.readOnly')}
      </Alert>
      <RouteTabs tabs={sectionsOf(companyId)} labelKey="partners.view.sections" />
      <CompanyScopeProvider key={companyId} companyId={companyId}>
        <ViewedDealerLiveUpdates />
        <Outlet />
      </CompanyScopeProvider>
    </>
  );
}

/** The viewed dealer's change stream, with its read-only token, refreshing the view's own cache. */
function ViewedDealerLiveUpdates() {
  useLiveUpdates(true);
  return null;
}
