import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from './use-guarded-close.tsx';

export interface FormDialogProps {
  title: string;
  /** Whether the form differs from what it started with: Save is enabled and closing asks first only then. */
  isDirty: boolean;
  /** While the save runs: Save disabled, closing ignored. */
  busy?: boolean;
  /** Extra reasons to keep Save disabled (e.g. invalid input). */
  submitDisabled?: boolean;
  submitLabel?: string;
  /** Persistent dialogs (SPEC §2 profile, password) ignore clicks outside. */
  persistent?: boolean;
  maxWidth?: 'sm' | 'md' | 'lg';
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * An open dialog holding one form, with Cancel and Save, guarded by the leave confirmation.
 * Mount it only while it should be open, so every opening starts from a fresh form.
 */
export function FormDialog({
  title,
  isDirty,
  busy = false,
  submitDisabled = false,
  submitLabel,
  persistent = false,
  maxWidth = 'sm',
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { requestClose, confirmation } = useGuardedClose({ isDirty, onClose });
  return (
    <>
      <Dialog
        open
        fullWidth
        maxWidth={maxWidth}
        aria-labelledby={titleId}
        onClose={(_event, reason) => {
          if (busy || (persistent && reason === 'backdropClick')) return;
          requestClose();
        }}
      >
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
            <Button onClick={requestClose} disabled={busy}>
              {t('components.actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy || !isDirty || submitDisabled}>
              {submitLabel ?? t('components.actions.save')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      {confirmation}
    </>
  );
}
