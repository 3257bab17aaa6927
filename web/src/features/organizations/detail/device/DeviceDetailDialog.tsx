import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';
import { DeviceIncidentHistory } from './DeviceIncidents.tsx';
import { DeviceLicenses } from './DeviceLicenses.tsx';
import { DeviceStatusLabels } from './DeviceStatusLabels.tsx';
import type { DeviceRow } from './device-row.ts';

/** Several values (MAC or IP addresses) one a line, or a dash. */
function lines(values: readonly string[]): ReactNode {
  if (values.length === 0) return '—';
  return values.map((value, index) => (
    <Fragment key={value}>
      {index > 0 && <br />}
      {value}
    </Fragment>
  ));
}

/** Every field of one device (SPEC §3 Device) and its incident history; full screen on phones. */
export function DeviceDetailDialog({
  orgId,
  row,
  onClose,
}: {
  orgId: string;
  row: DeviceRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const field = (key: string) => t(`customers.device.detail.${key}`);
  const fields: [string, ReactNode][] = [
    ['type', t(`customers.deviceType.${row.type}`)],
    [
      'platform',
      t(row.platform === 'first' ? 'customers.device.platformFirst' : 'customers.device.platformSecond'),
    ],
    ['site', row.siteName || '—'],
    ['state', t(`customers.deviceState.${row.state ?? 'none'}`)],
    ['status', <DeviceStatusLabels key="status" row={row} />],
    ['license', <DeviceLicenses key="license" row={row} />],
    ['server', row.serverName || '—'],
    ['model', row.modelName || '—'],
    ['firmware', row.firmwareVersion || '—'],
    ['mac', lines(row.macAddresses)],
    ['ip', lines(row.ipAddresses)],
    ['lastOnline', formatDateTime(row.lastOnlineTime)],
    ['healthTime', formatDateTime(row.healthTimeFrom)],
    ['id', row.id],
  ];
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {row.name}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {t('customers.device.detail.title')}
        </Typography>
      </DialogTitle>
      {/* Focusable: a long device (many addresses, a long incident history) scrolls here, and a keyboard user
          must be able to scroll it too (axe's scrollable-region-focusable; WCAG 2.1.1). */}
      <DialogContent
        dividers
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
        sx={{ '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
      >
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, auto) 1fr' },
            columnGap: 2,
            rowGap: { xs: 0.25, sm: 1.25 },
          }}
        >
          {fields.map(([key, value]) => (
            <Fragment key={key}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
                {field(key)}
              </Typography>
              <Box component="dd" sx={{ m: 0, typography: 'body2', overflowWrap: 'anywhere' }}>
                {value}
              </Box>
            </Fragment>
          ))}
        </Box>
        <Divider sx={{ my: 2 }} />
        <DeviceIncidentHistory orgId={orgId} deviceId={row.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {field('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
