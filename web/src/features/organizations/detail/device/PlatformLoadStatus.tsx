import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { LoadState } from './site-loading.ts';
import type { OrganizationDevices } from './use-organization-devices.ts';

function PlatformChip({ platform, state }: { platform: 'first' | 'second'; state: LoadState }) {
  const { t } = useTranslation();
  const name = t(platform === 'first' ? 'customers.device.platformFirst' : 'customers.device.platformSecond');
  const key = { loading: 'platformLoading', success: 'platformSuccess', error: 'platformError' }[state];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={state === 'error' ? 'error' : state === 'success' ? 'success' : 'default'}
      icon={
        state === 'loading' ? (
          <CircularProgress size={14} aria-hidden="true" />
        ) : state === 'success' ? (
          <CheckCircle />
        ) : (
          <ErrorOutlined />
        )
      }
      label={t(`customers.device.${key}`, { platform: name })}
    />
  );
}

/**
 * Per platform loading / success / error (SPEC §4) and what failed: a platform or some sites failing
 * leaves the rest of the list usable (partial failure, not fatal).
 */
export function PlatformLoadStatus({ devices }: { devices: OrganizationDevices }) {
  const { t } = useTranslation();
  const partial = devices.summary === 'error' || devices.failedSites.length > 0;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" role="status" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <PlatformChip platform="first" state={devices.first} />
        <PlatformChip platform="second" state={devices.second} />
      </Stack>
      {!devices.sitesLoaded && devices.summary !== 'loading' && (
        <Alert severity="error">{t('customers.device.noSites')}</Alert>
      )}
      {devices.sitesLoaded && partial && devices.summary !== 'loading' && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={devices.retry}>
              {t('customers.device.retry')}
            </Button>
          }
        >
          {t('customers.device.partialFailure')}
          {devices.failedSites.length > 0 && (
            <>
              {' '}
              {t('customers.device.failedSites', {
                sites: [...new Set(devices.failedSites.map((site) => site.name))].join(', '),
              })}
            </>
          )}
        </Alert>
      )}
    </Stack>
  );
}
