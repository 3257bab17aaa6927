import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A server's link to the platform as a coloured dot and a word, so it reads without colour too. */
export function ConnectionState({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}
    >
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: connected ? 'success.main' : 'error.main',
        }}
      />
      {t(connected ? 'customers.remoteAccess.connected' : 'customers.remoteAccess.disconnected')}
    </Typography>
  );
}
