import CloudOffIcon from '@mui/icons-material/CloudOff';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useOldestShownDataAt } from './shown-data.ts';
import { useOnline } from './use-online.ts';

/** HH:mm in the viewer's time zone, as the language writes it. */
export function formatTimeOfDay(at: number, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );
}

/**
 * While the network is gone: 'Offline — last updated HH:mm' over the screen, which keeps the data it showed
 * (issue 24 point 7). A fixed bar at the bottom, so nothing on the page moves when it comes and goes.
 */
export function OfflineNotice() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const at = useOldestShownDataAt();
  if (online) return null;
  return (
    <Paper
      role="status"
      data-testid="offline-notice"
      elevation={6}
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        left: '50%',
        transform: 'translateX(-50%)',
        bottom: 'calc(16px + env(safe-area-inset-bottom, 0px))',
        maxWidth: 'calc(100vw - 32px)',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        minHeight: 44,
        bgcolor: 'grey.900',
        color: 'common.white',
        borderRadius: 6,
      }}
    >
      <CloudOffIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {at > 0
          ? t('components.offline.lastUpdated', { time: formatTimeOfDay(at, i18n.language) })
          : t('components.offline.waiting')}
      </Typography>
    </Paper>
  );
}
