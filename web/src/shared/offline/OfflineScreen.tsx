import CloudOffIcon from '@mui/icons-material/CloudOff';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * What a screen shows offline when it has nothing to show (never loaded on this device): a clear message and
 * Try again, never an endless spinner. The screen loads by itself when the network returns.
 */
export function OfflineScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack
      data-testid="offline-screen"
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2 }}
    >
      <CloudOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h1">{t('components.offline.title')}</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {t('components.offline.detail')}
      </Typography>
      <Button variant="contained" onClick={onRetry} sx={{ minHeight: 44 }}>
        {t('components.offline.retry')}
      </Button>
    </Stack>
  );
}
