import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format-date.ts';
import type { DeviceRow } from './device-row.ts';

/** A device's licenses with their dates (yy/mm/dd), or 'without license'. */
export function DeviceLicenses({ row }: { row: DeviceRow }) {
  const { t } = useTranslation();
  if (row.licenses.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('customers.device.withoutLicense')}
      </Typography>
    );
  }
  return (
    <>
      {row.licenses.map((license) => (
        <Typography key={`${license.type}-${license.retention}-${license.expirationDate}`} variant="body2">
          {t('customers.device.licenseUntil', {
            type: license.retention
              ? t('customers.device.withRetention', {
                  type: t(`customers.licenseType.${license.type}`),
                  days: license.retention,
                })
              : t(`customers.licenseType.${license.type}`),
            date: formatDate(license.expirationDate),
          })}
        </Typography>
      ))}
    </>
  );
}
