import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §2's company-owner-change notice, one of its dialogs: for the owner when ownership moved since they
 * signed in. 'Later' closes it for this visit of the page; 'Reload' loads the owner's actions.
 */
export function OwnerChangeNotice({ onReload = () => window.location.reload() }: { onReload?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="owner-change-title" maxWidth="sm">
      <DialogTitle id="owner-change-title">{t('company.ownerNotice.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('company.ownerNotice.message')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => setOpen(false)}>{t('company.ownerNotice.later')}</Button>
        <Button variant="contained" onClick={onReload}>
          {t('company.ownerNotice.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
