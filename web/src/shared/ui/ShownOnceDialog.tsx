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

/** The translated words of a {@link ShownOnceDialog}: each feature says what its secret is. */
export interface ShownOnceTexts {
  title: string;
  intro: string;
  warning: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

/**
 * A secret the server shows only this once (a new API key, a webhook's signing secret), with a copy button.
 * It closes only through its button (no backdrop click, no Escape), so nobody loses it by a stray click.
 */
export function ShownOnceDialog({
  value,
  texts,
  testId,
  onClose,
}: {
  value: string;
  texts: ShownOnceTexts;
  /** The value field's `data-testid` (tests and e2e read the secret through it). */
  testId: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyValue = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{texts.intro}</DialogContentText>
          <Alert severity="warning">{texts.warning}</Alert>
          <TextField
            label={texts.label}
            value={value}
            fullWidth
            multiline
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': testId,
                // The whole secret stays visible at 390 px.
                style: {
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                  wordBreak: 'break-all',
                },
                onFocus: (event: React.FocusEvent<HTMLTextAreaElement>) => event.currentTarget.select(),
              },
            }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copyValue()}>
              {copy === 'copied' ? texts.copied : texts.copy}
            </Button>
            {copy === 'failed' && (
              <Alert severity="error" sx={{ py: 0 }}>
                {texts.copyFailed}
              </Alert>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {texts.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
