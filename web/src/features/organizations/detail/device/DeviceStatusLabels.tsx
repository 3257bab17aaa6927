import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from './device-row.ts';
import { licenseGrant } from './license-grant.ts';

/** SPEC §4 status labels: online/offline, healthy/abnormal, each status flag, granted/not granted, license expired. */
export function DeviceStatusLabels({ row }: { row: DeviceRow }) {
  const { t } = useTranslation();
  const flags = row.flags.filter((flag) => flag !== 'offline');
  const grant = licenseGrant(row.licenseState);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        color={row.online ? 'success' : 'default'}
        label={t(row.online ? 'customers.deviceStatus.online' : 'customers.deviceStatus.offline')}
      />
      <Chip
        size="small"
        variant="outlined"
        color={row.abnormal ? 'error' : 'success'}
        label={t(row.abnormal ? 'customers.deviceStatus.abnormal' : 'customers.deviceStatus.healthy')}
      />
      {flags.map((flag) => (
        <Chip
          key={flag}
          size="small"
          color="warning"
          variant="outlined"
          label={t(`customers.deviceStatus.${flag}`)}
        />
      ))}
      {grant && (
        <Chip
          size="small"
          variant="outlined"
          color={grant === 'granted' ? 'primary' : 'default'}
          label={t(`customers.deviceStatus.${grant}`)}
        />
      )}
      {row.licenseState === 'expired' && (
        <Chip size="small" color="error" label={t('customers.deviceStatus.licenseExpired')} />
      )}
      {row.licenseState === 'expiring' && (
        <Chip size="small" color="warning" label={t('customers.deviceStatus.licenseExpiring')} />
      )}
    </Stack>
  );
}
