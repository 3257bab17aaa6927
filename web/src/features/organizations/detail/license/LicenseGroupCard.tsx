import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardFigures } from '@/shared/ui/cards/CardList.tsx';
import { usePhoneLayout } from '@/shared/ui/cards/use-phone-layout.ts';
import { formatDate } from '../../shared/format-date.ts';
import { deviceLicenseState, todayIso } from '../../shared/license-state.ts';
import type { LicenseGroup } from './license-groups.ts';

/**
 * One license type: its quantity, earliest expiration and, per retention and date, the quantities (a table,
 * or on a phone a list with each line's figures named).
 */
export function LicenseGroupCard({ group }: { group: LicenseGroup }) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const title = t(`customers.licenseType.${group.type}`);
  const today = todayIso();
  // Expired dates in red, those within 30 days in amber (SPEC §4 license states).
  const dateColor = (date: string | null) =>
    ({ expired: 'error.main', expiring: 'warning.main', valid: undefined, unlicensed: undefined })[
      deviceLicenseState(date ? [date] : [], today)
    ];
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, height: '100%' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="h2" component="p" sx={{ fontSize: '1.75rem', my: 0.5 }}>
        {group.quantity.toLocaleString()}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {group.expirationDate
          ? t('customers.license.earliest', { date: formatDate(group.expirationDate) })
          : '\u00a0'}
      </Typography>
      {group.lines.length > 0 && phone && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
          {group.lines.map((line) => (
            <Box
              component="li"
              key={`${line.retention}-${line.expirationDate}`}
              sx={{ borderTop: 1, borderColor: 'divider', pb: 1 }}
            >
              <CardFigures
                columns={group.type === 'CLOUD_BACKUP' ? 3 : 2}
                figures={[
                  ...(group.type === 'CLOUD_BACKUP'
                    ? [
                        {
                          key: 'retention',
                          label: t('customers.license.retention'),
                          value: line.retention
                            ? t('customers.license.retentionDays', { days: line.retention })
                            : '—',
                        },
                      ]
                    : []),
                  {
                    key: 'quantity',
                    label: t('customers.license.quantity'),
                    value: line.quantity.toLocaleString(),
                  },
                  {
                    key: 'expiration',
                    label: t('customers.license.expirationDate'),
                    value: (
                      <Box component="span" sx={{ color: dateColor(line.expirationDate) }}>
                        {formatDate(line.expirationDate)}
                      </Box>
                    ),
                  },
                ]}
              />
            </Box>
          ))}
        </Box>
      )}
      {group.lines.length > 0 && !phone && (
        <Box
          component="table"
          sx={{ width: '100%', mt: 1.5, borderCollapse: 'collapse', typography: 'body2' }}
        >
          <thead>
            <Box
              component="tr"
              sx={{ color: 'text.secondary', textAlign: 'left', '& th': { fontWeight: 500, pb: 0.5 } }}
            >
              {group.type === 'CLOUD_BACKUP' && <th>{t('customers.license.retention')}</th>}
              <th>{t('customers.license.quantity')}</th>
              <th>{t('customers.license.expirationDate')}</th>
            </Box>
          </thead>
          <tbody>
            {group.lines.map((line) => (
              <Box
                component="tr"
                key={`${line.retention}-${line.expirationDate}`}
                sx={{ '& td': { py: 0.5, borderTop: 1, borderColor: 'divider' } }}
              >
                {group.type === 'CLOUD_BACKUP' && (
                  <td>
                    {line.retention ? t('customers.license.retentionDays', { days: line.retention }) : '—'}
                  </td>
                )}
                <td>{line.quantity.toLocaleString()}</td>
                <Box component="td" sx={{ color: dateColor(line.expirationDate) }}>
                  {formatDate(line.expirationDate)}
                </Box>
              </Box>
            ))}
          </tbody>
        </Box>
      )}
    </Paper>
  );
}
