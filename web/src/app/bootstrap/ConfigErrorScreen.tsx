import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Shown instead of the app when GET /api/config fails: no brand is known yet, so it stays plain. */
export function ConfigErrorScreen() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Stack spacing={2} role="alert" sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 440 }}>
        <CloudOffOutlined color="disabled" sx={{ fontSize: 56 }} aria-hidden="true" />
        <Typography variant="h1">{t('errors.configUnavailable')}</Typography>
        <Typography color="text.secondary">{t('errors.configUnavailableDetail')}</Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('errors.retry')}
        </Button>
      </Stack>
    </Box>
  );
}
