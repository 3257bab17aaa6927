import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A new API key: the only time the server shows it. It closes only through its button (no backdrop click,
 * no Escape), so nobody loses it by a stray click.
 */
export function KeyShownOnceDialog({
  name,
  apiKey,
  onClose,
}: {
  name: string;
  apiKey: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('company.apiKeys.shownOnce.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('company.apiKeys.shownOnce.intro', { name })}</DialogContentText>
          <Alert severity="warning">{t('company.apiKeys.shownOnce.warning')}</Alert>
          <TextField
            label={t('company.apiKeys.shownOnce.label')}
            value={apiKey}
            fullWidth
            multiline
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': 'api-key-value',
                // The whole key stays visible at 390 px.
                style: {
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                  wordBreak: 'break-all',
                },
                onFocus: (event: React.FocusEvent<HTMLTextAreaElement>) => event.currentTarget.select(),
              },
            }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copyKey()}>
              {copy === 'copied'
                ? t('company.apiKeys.shownOnce.copied')
                : t('company.apiKeys.shownOnce.copy')}
            </Button>
            {copy === 'failed' && (
              <Alert severity="error" sx={{ py: 0 }}>
                {t('company.apiKeys.shownOnce.copyFailed')}
              </Alert>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('company.apiKeys.shownOnce.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
