import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface LockoutDialogProps {
  open: boolean;
  onCancel: () => void;
  /** Go to reset the password ('Forgot password'). */
  onReset: () => void;
}

/** SPEC §2 password-attempt-limit warning with the §8 lockout advice, Cancel and Reset. */
export function LockoutDialog({ open, onCancel, onReset }: LockoutDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => reason !== 'backdropClick' && onCancel()}
      aria-labelledby="lockout-title"
      aria-describedby="lockout-advice"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="lockout-title">{t('auth.lockout.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="lockout-advice">{t('auth.lockout.advice')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('auth.lockout.cancel')}</Button>
        <Button variant="contained" onClick={onReset}>
          {t('auth.lockout.reset')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
