import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrganizationListItem } from '@portal/contracts/organizations';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { ScopedLink } from '@/shared/navigation/scoped-link.tsx';
import { LicenseStateChips } from '../shared/LicenseStateChips.tsx';
import { DeviceHealth } from './DeviceHealth.tsx';

/** Memoised: the grid re-renders its rows when it measures itself, a card only when its customer changes. */
export const OrganizationCard = memo(function OrganizationCard({
  organization,
}: {
  organization: OrganizationListItem;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="article" aria-label={organization.name}>
      <CardActionArea
        component={ScopedLink}
        to={pathTo(ROUTE.ORGANIZATION_DETAIL_OVERVIEW, { orgId: organization.id })}
        sx={{ height: '100%', p: 2, display: 'flex', alignItems: 'stretch' }}
      >
        <Stack spacing={1.5} sx={{ width: '100%' }}>
          <Stack spacing={0.25} sx={{ minWidth: 0 }}>
            <Typography
              variant="h3"
              component="h2"
              noWrap
              title={organization.name}
              sx={{ fontSize: '1.05rem' }}
            >
              {organization.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {organization.reference
                ? t('labelValue', { label: t('customers.list.reference'), value: organization.reference })
                : '\u00a0'}
              {' · '}
              {t('customers.list.sites', { count: organization.siteCount })}
            </Typography>
          </Stack>
          <DeviceHealth devices={organization.devices} />
          <LicenseStateChips license={organization.license} />
        </Stack>
      </CardActionArea>
    </Card>
  );
});
