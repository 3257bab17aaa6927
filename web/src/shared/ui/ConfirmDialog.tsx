import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: string;
  /** Shown under the message, e.g. who the action is about. */
  detail?: ReactNode;
  confirmLabel: string;
  /** Defaults to 'Cancel'. */
  cancelLabel?: string;
  /** 'error' for destructive actions such as deleting. */
  confirmColor?: 'primary' | 'error';
  /** While the confirmed action runs: buttons disabled, the dialog stays open. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a small dialog. The cancel button takes the focus, so Enter never confirms by accident. */
export function ConfirmDialog({
  open,
  title,
  message,
  detail,
  confirmLabel,
  cancelLabel,
  confirmColor = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {(message || detail) && (
        <DialogContent>
          {message && <DialogContentText id={messageId}>{message}</DialogContentText>}
          {detail}
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel ?? t('components.actions.cancel')}
        </Button>
        <Button variant="contained" color={confirmColor} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
