import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The key in groups of four, as authenticator apps show it and people type it. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * An authenticator app's secret: a QR code of its otpauth:// URI, drawn here (qrcode.react, SVG; nothing
 * leaves the browser), and the key as text for an app on this same phone. Black on white in either scheme:
 * scanners read dark modules on a light ground.
 */
export function TotpSecretPanel({ uri, secret }: { uri: string; secret: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // Without clipboard access the key can still be selected and copied by hand.
    }
  };
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'stretch' }}>
        {t('components.twoStep.scanQr')}
      </Typography>
      <Box
        role="img"
        aria-label={t('components.twoStep.qrTitle')}
        sx={{ bgcolor: '#fff', p: 1.5, borderRadius: 1, lineHeight: 0 }}
      >
        <QRCodeSVG value={uri} size={176} bgColor="#ffffff" fgColor="#000000" aria-hidden />
      </Box>
      <Box sx={{ alignSelf: 'stretch' }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {t('components.twoStep.setupKey')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography
            data-testid="totp-secret"
            sx={{
              fontFamily: 'monospace',
              fontSize: '1rem',
              overflowWrap: 'anywhere',
              flex: 1,
              userSelect: 'all',
            }}
          >
            {groupedSecret(secret)}
          </Typography>
          <Tooltip title={copied ? t('components.twoStep.copied') : t('components.twoStep.copy')}>
            <IconButton aria-label={t('components.twoStep.copy')} onClick={() => void copy()}>
              <ContentCopyOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
    </Stack>
  );
}
