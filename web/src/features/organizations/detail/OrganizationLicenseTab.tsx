import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLicenseStatistics } from '../api/get-license-statistics.ts';
import { LicenseGroupCard } from './license/LicenseGroupCard.tsx';
import { groupLicenseStatistics, LICENSE_GROUP_ORDER } from './license/license-groups.ts';
import { UnlicensedSites } from './license/UnlicensedSites.tsx';

/** License tab: the license statistics by type (SPEC §3) and the sites and devices without license. */
export function OrganizationLicenseTab() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const statistics = useLicenseStatistics(orgId);
  const groups = useMemo(
    () => (statistics.data ? groupLicenseStatistics(statistics.data) : []),
    [statistics.data],
  );

  if (statistics.isError) return <Alert severity="error">{t('customers.detail.sourceFailed')}</Alert>;
  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        {statistics.isPending
          ? LICENSE_GROUP_ORDER.map((type) => <Skeleton key={type} variant="rounded" height={140} />)
          : groups.map((group) => <LicenseGroupCard key={group.type} group={group} />)}
      </Box>
      {statistics.data && <UnlicensedSites unlicensed={statistics.data.unlicensed} />}
    </Stack>
  );
}
