import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrganizationListItem } from '@portal/contracts/organizations';
import { useTranslation } from 'react-i18next';

/** A customer's device health at a glance: total, offline and abnormal, and a bar of the healthy share. */
export function DeviceHealth({ devices }: { devices: OrganizationListItem['devices'] }) {
  const { t } = useTranslation();
  const healthy = devices.total - devices.abnormal;
  const share = devices.total === 0 ? 0 : (healthy / devices.total) * 100;
  const ok = devices.abnormal === 0;
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {ok ? (
          <CheckCircle
            fontSize="small"
            color={devices.total === 0 ? 'disabled' : 'success'}
            aria-hidden="true"
          />
        ) : (
          <ErrorOutline fontSize="small" color="error" aria-hidden="true" />
        )}
        <Typography variant="body2">{t('customers.list.devices', { count: devices.total })}</Typography>
        {devices.total === 0 ? null : ok ? (
          <Typography variant="body2" color="text.secondary">
            {t('customers.list.allHealthy')}
          </Typography>
        ) : (
          <>
            {devices.offline > 0 && (
              <Typography variant="body2" color="error">
                {t('customers.list.offline', { count: devices.offline })}
              </Typography>
            )}
            <Typography variant="body2" color="warning.main">
              {t('customers.list.abnormal', { count: devices.abnormal })}
            </Typography>
          </>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={share}
        color={ok ? 'success' : 'warning'}
        aria-hidden="true"
        sx={{ height: 4, borderRadius: 2, bgcolor: devices.total === 0 ? 'action.hover' : undefined }}
      />
    </Stack>
  );
}
