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

  return (
    <OverviewCard headingId="customer-info" heading={t('customers.overview.customer')}>
      {info.data ? (
        <InfoGrid>
          <InfoField label={t('customers.overview.name')} empty={empty}>
            {info.data.name}
          </InfoField>
          <InfoField label={t('customers.overview.expirationDate')} empty={empty}>
            {info.data.expirationDate ? formatDate(info.data.expirationDate) : ''}
          </InfoField>
          <InfoField label={t('customers.overview.address')} empty={empty} wide>
            {metadata.data?.address ?? ''}
          </InfoField>
          <Box>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t('customers.overview.remoteAccess')}
            </Typography>
            <Box component="dd" sx={{ m: 0, mt: 0.5 }}>
              <RemoteAccessChip remoteAccess={info.data.remoteAccess} />
            </Box>
          </Box>
        </InfoGrid>
      ) : (
        <Skeleton variant="rounded" height={120} />
      )}
    </OverviewCard>
  );
}
