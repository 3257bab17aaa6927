import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useOrganizationInfo } from '../../api/get-organization-info.ts';
import { useOrganizationMetadata } from '../../api/get-organization-metadata.ts';
import { formatDate } from '../../shared/format-date.ts';
import { RemoteAccessChip } from '../remote-access/RemoteAccessChip.tsx';
import { InfoField } from './InfoField.tsx';

/** Name, address, expiration date (yy/mm/dd) and remote-access state. */
export function CustomerCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const info = useOrganizationInfo(orgId);
  const metadata = useOrganizationMetadata(orgId);
  const empty = t('customers.overview.notSet');

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, height: '100%' }}
      component="section"
      aria-labelledby="customer-info"
    >
      <Typography id="customer-info" variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
        {t('customers.overview.customer')}
      </Typography>
      {info.data ? (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
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
        </Box>
      ) : (
        <Skeleton variant="rounded" height={120} />
      )}
    </Paper>
  );
}
