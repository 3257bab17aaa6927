import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useOrganizationInfo } from '../../api/get-organization-info.ts';
import { useOrganizationMetadata } from '../../api/get-organization-metadata.ts';
import { formatDate } from '../../shared/format-date.ts';
import { RemoteAccessChip } from '../remote-access/RemoteAccessChip.tsx';
import { InfoField } from './InfoField.tsx';
import { InfoGrid, OverviewCard } from './OverviewCard.tsx';

/** Name, address, expiration date (yy/mm/dd) and remote-access state. */
export function CustomerCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const info = useOrganizationInfo(orgId);
  const metadata = useOrganizationMetadata(orgId);
  const empty = t('customers.overview.notSet');

  // The fields are there from the start, each value a skeleton line until its answer arrives.
  const loading = info.isPending;
  return (
    <OverviewCard
      headingId="customer-info"
      heading={t('customers.overview.customer')}
      busy={info.isPending || metadata.isPending}
    >
      {info.isError ? (
        <Alert severity="error">{t('customers.detail.sourceFailed')}</Alert>
      ) : (
        <InfoGrid>
          <InfoField label={t('customers.overview.name')} empty={empty} loading={loading}>
            {info.data?.name}
          </InfoField>
          <InfoField label={t('customers.overview.expirationDate')} empty={empty} loading={loading}>
            {info.data?.expirationDate ? formatDate(info.data.expirationDate) : ''}
          </InfoField>
          <InfoField label={t('customers.overview.address')} empty={empty} wide loading={metadata.isPending}>
            {metadata.data?.address ?? ''}
          </InfoField>
          <Box>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t('customers.overview.remoteAccess')}
            </Typography>
            <Box component="dd" sx={{ m: 0, mt: 0.5 }}>
              {info.data ? (
                <RemoteAccessChip remoteAccess={info.data.remoteAccess} />
              ) : (
                // A small chip's height.
                <Skeleton variant="rounded" width={72} height={24} sx={{ borderRadius: 4 }} />
              )}
            </Box>
          </Box>
        </InfoGrid>
      )}
    </OverviewCard>
  );
}
